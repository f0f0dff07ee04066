export * from './lib/ProfilePage';
