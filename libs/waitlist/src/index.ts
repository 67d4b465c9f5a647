export * from './waitlist.module';
export * from './waitlist.events';
export * from './waitlist.service';
export * from './positions.service';
export * from './email';
export { WelcomeEmail } from './emails/welcome.email';
