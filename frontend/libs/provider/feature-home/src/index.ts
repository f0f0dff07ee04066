export * from './lib/ProviderHome';
