export * from './lib/ProviderServicesPage';
export * from './lib/AddServicePage';
