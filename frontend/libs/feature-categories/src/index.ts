export * from './lib/CategoriesPage';
export * from './lib/CategoryPage';
