export * from './lib/HelpPage';
