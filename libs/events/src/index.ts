export * from './events.module';
export { ShotRecordsService, type CoachContext } from './shots/shot-records.service';
export { SHOT_KINDS, SHOT_CODE, type ShotKind, type ShotFeedback, type ShotMetrics, type ShotData, shotDataSchema, shotMetricsSchema } from './shots/shot-feedback';
export { feedbackFromMetrics } from './shots/feedback-rules';
export { ShotFeedbackGenerator } from './shots/shot-feedback.generator';
export { EventClaimEmail } from './shots/emails/event-claim.email';
export { EventsSettings } from './events.settings';
export { EVENTS_MIGRATIONS } from './migrations';
export { EARLY_ACCESS_GRANTS, type EarlyAccessGrants } from './shots/early-access-grants';
