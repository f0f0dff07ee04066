export * from './lib/AppointmentCard';
export * from './lib/AppointmentDetailsModal';
export * from './lib/BookingSummary';
export * from './lib/booking-policy';
export * from './lib/ProviderActions';
export * from './lib/ServiceSlotPicker';
export * from './lib/slot-state';
export * from './lib/staff';
