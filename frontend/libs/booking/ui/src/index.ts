export * from './lib/AppointmentCard';
export * from './lib/AppointmentDetailsModal';
