export * from './analytics.module';
export * from './downloads/downloads.events';
