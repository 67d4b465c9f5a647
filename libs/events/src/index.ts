export * from './events.module';
