export * from './lib/theme';
export * from './lib/guards';
export * from './lib/ScrollToTop';
export * from './lib/Navbar';
export * from './lib/Footer';
export * from './lib/Layout';
