export * from './lib/ProviderDashboardPage';
