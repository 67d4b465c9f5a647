/** Set at an account's very first sign-in, for the dashboard's greeting ('Welcome' rather than 'Welcome back'). */
export const FIRST_SIGN_IN_KEY = 'swishly-first-sign-in';
