export * from './events.module';
export { ShotRecordsService, type CoachContext } from './shots/shot-records.service';
export {
  SHOT_KINDS,
  SHOT_CODE,
  type ShotKind,
  type ShotFeedback,
  type ShotMetrics,
  type ShotData,
  shotDataSchema,
  shotMetricsSchema,
} from './shots/shot-feedback';
export { feedbackFromMetrics } from './shots/feedback-rules';
export { ShotFeedbackGenerator } from './shots/shot-feedback.generator';
export { EventClaimEmail } from './shots/emails/event-claim.email';
export { ShotLinkEmail } from './shots/emails/shot-link.email';
export { EventsSettings } from './events.settings';
export { EVENTS_MIGRATIONS } from './migrations';
export { EARLY_ACCESS_GRANTS, type EarlyAccessGrants } from './shots/early-access-grants';
export {
  readAnalysis,
  areaOfTip,
  measurementText,
  AREA_METRICS,
  AREA_WORDS,
  SHOT_AREAS,
  type AnalysisReading,
  type AreaReading,
  type Judgement,
  type Priority,
  type ShotArea,
} from './shots/analysis-reading';
export { TARGETS } from './shots/feedback-rules';
