export * from './admin.module';
