export * from './lib/config';
export * from './lib/token';
export * from './lib/refresh';
export * from './lib/client';
export * from './lib/query-client';
export * from './lib/query-keys';
export * from './lib/session';
export * from './lib/return-to';
