export * from './lib/ReschedulePage';
