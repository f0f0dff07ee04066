export * from './lib/AddServicePage';
