export * from './lib/TeamPage';
