export * from './lib/notifications';
