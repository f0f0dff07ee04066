export * from './lib/fixtures';
