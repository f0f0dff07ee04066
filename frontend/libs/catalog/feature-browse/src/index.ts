export * from './lib/CategoriesPage';
export * from './lib/CategoryPage';
export * from './lib/ServicesPage';
export * from './lib/DemoServicesPage';
