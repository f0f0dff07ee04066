export * from './lib/appointments';
export * from './lib/availability';
export * from './lib/calendar-export';
export * from './lib/linked-appointment';
export * from './lib/service-durations';
export * from './lib/service';
export * from './lib/reviews';
