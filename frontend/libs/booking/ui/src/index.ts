export * from './lib/AppointmentCard';
export * from './lib/AppointmentDetailsModal';
export * from './lib/ProviderActions';
