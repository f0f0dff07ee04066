// Vitest setup of every lib with specs: the mock API answers every request; anything it does
// not know fails the test instead of reaching the network.
import { configure } from '@testing-library/react';
import { mockApi } from './lib/mock-api';
import { server } from './lib/server';

// `make test` runs every project's specs at once on a small shared machine: give screens time.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  mockApi.reset();
  localStorage.clear();
});
afterAll(() => server.close());
