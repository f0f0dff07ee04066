import { setupServer } from 'msw/node';
import { handlers, mockApi } from './mock-api';

/** The MSW server of every spec (started by ../setup.ts). */
export const server = setupServer(...handlers);

export { mockApi };
