export * from './waitlist.module';
export * from './waitlist.events';
export * from './waitlist.service';
export * from './email';
