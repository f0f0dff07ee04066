export * from './lib/fixtures';
export * from './lib/mock-api';
export { server } from './lib/server';
export { http, HttpResponse, delay } from 'msw';
export * from './lib/mutation-errors';
export * from './lib/date-field';
