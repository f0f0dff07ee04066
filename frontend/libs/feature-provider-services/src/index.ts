export * from './lib/ProviderServicesPage';
