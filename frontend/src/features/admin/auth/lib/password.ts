// Password rules shared by the reset form and the dashboard's change-password form
// (spec §5 "Change password", "Reset mode"; §9 "Minimum password length").

export const MIN_PASSWORD_LENGTH = 6;

export const PASSWORD_MESSAGES = {
  mismatch: 'Passwords do not match',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  invalidToken: 'Invalid reset token',
} as const;

/** The first problem with a new password and its confirmation, or null when they are fine. */
export function passwordProblem(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORD_MESSAGES.mismatch;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  return null;
}
