export * from './lib/CalendarPage';
