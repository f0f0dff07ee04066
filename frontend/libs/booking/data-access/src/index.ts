export * from './lib/appointments';
export * from './lib/availability';
