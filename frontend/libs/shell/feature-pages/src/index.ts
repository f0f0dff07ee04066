export * from './lib/CustomerHome';
export * from './lib/HelpPage';
