export * from './lib/config';
export * from './lib/token';
export * from './lib/client';
export * from './lib/api';
export * from './lib/queries';
export * from './lib/session';
export * from './lib/provider';
