export * from './lib/ServiceCard';
export * from './lib/ServiceDetails';
export * from './lib/DeleteServiceDialog';
export * from './lib/ServiceForm';
export { SERVICE_FORM_MESSAGES, SERVICE_SAVE_ERRORS } from './lib/service-form';
export * from './lib/NavSearch';
export { nextAvailableLabel, NO_FREE_SLOT } from './lib/next-available';
export * from './lib/DaysOff';
