export * from './analytics.module';
export * from './downloads/downloads.events';
export { ANALYTICS_MIGRATIONS } from './migrations';
