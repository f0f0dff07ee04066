export * from './lib/AdminReportsPage';
