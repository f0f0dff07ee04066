// Test-only entry point (`@slotwise/shared-data-access/testing`): imported by specs, never by
// src/index.ts, so the app's bundle does not contain it. Requests are answered by the mock API
// of @slotwise/shared-testing (MSW), which every lib's vitest setup starts.
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { SessionProvider } from './lib/session';

export interface RenderWithProvidersOptions {
  /** MemoryRouter initialEntries; its default ['/'] when left out. */
  entries?: InitialEntry[];
  /** MemoryRouter initialIndex; the last entry when left out. */
  initialIndex?: number;
  /** Wrap ui in SessionProvider (default true). */
  session?: boolean;
  /** Use this client instead of a fresh one with query retries off. */
  queryClient?: QueryClient;
}

/**
 * Renders ui the way a page sees it in the app:
 * QueryClientProvider > MemoryRouter > SessionProvider > ui.
 * Pass `<Routes>` as ui to render a page at its route.
 */
export function renderWithProviders(
  ui: ReactElement,
  { entries, initialIndex, session = true, queryClient }: RenderWithProvidersOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries} initialIndex={initialIndex}>
        {session ? <SessionProvider>{ui}</SessionProvider> : ui}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient: client };
}
