export * from './lib/MyAppointmentsPage';
