export * from './waitlist.module';
export * from './entries/waitlist.events';
export * from './entries/waitlist.service';
export * from './entries/positions.service';
export * from './entries/waitlist-members.service';
export { BROADCAST_AUDIENCES, MEMBER_STATES, MEMBER_STATUSES } from './entries/waitlist-members.repository';
export type {
  AudienceMember,
  LeaveOutFilters,
  AudienceChunk,
  BroadcastAudience,
  MailState,
  MemberAddress,
  MemberState,
  MemberStatus,
  Referrer,
} from './entries/waitlist-members.repository';
export * from './entries/referral-milestones';
export * from './entries/email';
export { JoinFields, JoinWaitlistDto } from './entries/dto/join-waitlist.dto';
export { WelcomeEmail } from './entries/emails/welcome.email';
export { CreatorCodesService } from './creator-codes/creator-codes.service';
export { CREATOR_PLATFORMS } from './creator-codes/creator-codes.events';
export { CreateCreatorCodeDto, CreatorCodeDto, UpdateCreatorCodeDto } from './creator-codes/dto/creator-codes.dto';
export { WaitlistSettings } from './waitlist.settings';
export { WAITLIST_MIGRATIONS } from './migrations';
export { WaitlistImportsService } from './imports/waitlist-imports.service';
export type { ImportOptions } from './imports/waitlist-imports.service';
export type { ImportProgress } from './imports/waitlist-imports.repository';
export { IMPORT_COLUMNS, IMPORT_MAX_BYTES, importFlag } from './imports/import-csv';
export * from './imports/waitlist-imports.events';
export { ConfirmationRemindersService, REMINDER_WINDOW_DAYS } from './entries/confirmation-reminders.service';
export { CONFIRMATION_REMINDER_TEMPLATE } from './entries/jobs/send-confirmation-reminder.job';
