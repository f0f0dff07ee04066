export * from './lib/ServicesPage';
export * from './lib/DemoServicesPage';
