// The table test of every mutation's error path (docs/product.md#messages: a refusal shows the
// server's message): each row's hook sends its request, the mock API refuses it with a message of
// its own, and what the screen renders through failureMessage must be that message; a request that
// got no answer renders the screen's own words instead. The spec passes failureMessage in
// (shared/util's specs use this lib, so it cannot import shared/util itself). Each lib with mutation hooks lists them in
// its `mutation-errors.spec.tsx`; apps/web/src/app/mutation-errors.spec.ts checks none is missing.
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { expect, it } from 'vitest';
import { apiError, mockApi } from './mock-api';
import { aUser } from './fixtures';
import { server } from './server';

export interface MutationErrorCase {
  /** the hook's name, as exported (the completeness check looks for it) */
  hook: string;
  method: 'post' | 'put' | 'patch' | 'delete' | 'get';
  /** the MSW path of the request it sends, any origin (a leading asterisk), e.g. for PATCH /appointments/:id/provider-status */
  path: string;
  /** calls the hook and returns how to send once and its error */
  useCase: () => { send: () => void; error: unknown };
}

/** The words a screen shows when no server answered. */
export const NO_ANSWER_FALLBACK = 'Could not send it. Check your connection and try again.';

/** failureMessage (frontend/libs/shared/util/src/lib/failure.ts). */
export type ShowFailure = (err: unknown, fallback: string) => string;

function Probe({ c, show }: { c: MutationErrorCase; show: ShowFailure }) {
  const { send, error } = c.useCase();
  // Sent once, on mount.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => send(), []);
  return error ? <p role="alert">{show(error, NO_ANSWER_FALLBACK)}</p> : null;
}

function renderCase(c: MutationErrorCase, show: ShowFailure) {
  const client = new QueryClient({ defaultOptions: { mutations: { retryDelay: 0 } } });
  render(
    <QueryClientProvider client={client}>
      <Probe c={c} show={show} />
    </QueryClientProvider>,
  );
}

/** One test per hook and outcome: the server's refusal shows its message; no answer shows the fallback. */
export function itShowsTheServersMessage(show: ShowFailure, cases: MutationErrorCase[]) {
  it.each(cases.map((c) => [c.hook, c] as const))('%s: a refusal shows the server\'s message', async (_, c) => {
    mockApi.signIn(aUser());
    const message = `${c.hook} refused: you are closed on Thursday, 3 December (Staff training)`;
    server.use(http[c.method](c.path, () => apiError(409, message)));
    renderCase(c, show);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
  it.each(cases.map((c) => [c.hook, c] as const))('%s: no answer shows what to do', async (_, c) => {
    mockApi.signIn(aUser());
    server.use(http[c.method](c.path, () => HttpResponse.error()));
    renderCase(c, show);
    expect((await screen.findByRole('alert')).textContent).toBe(NO_ANSWER_FALLBACK);
  });
}
