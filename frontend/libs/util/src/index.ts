export * from './lib/models';
export * from './lib/constants';
export * from './lib/format';
export * from './lib/dates';
export * from './lib/auth-validation';
export * from './lib/profile-validation';
export * from './lib/service-form';
export * from './lib/provider-dashboard';
