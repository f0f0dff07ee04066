export * from './lib/HomePage';
export * from './lib/CustomerHome';
export * from './lib/ProviderHome';
