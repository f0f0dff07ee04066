export * from './lib/AuthPage';
