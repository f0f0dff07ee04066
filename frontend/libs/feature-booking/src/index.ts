export * from './lib/BookingPage';
