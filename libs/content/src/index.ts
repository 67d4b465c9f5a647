export * from './content.module';
export { ContentSettings } from './content.settings';
export { missingContent, missingContentWarning, siteConfigFor } from './site/site-config';
export * from './contact/contact.events';
export * from './seo/seo.service';
export * from './seo/page-meta';
export { ContactConfirmationEmail, ContactNotificationEmail } from './contact/emails/contact.emails';
export { CONTENT_MIGRATIONS } from './migrations';
