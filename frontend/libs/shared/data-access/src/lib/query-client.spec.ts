import { apiError, http, HttpResponse, server } from '@slotwise/shared-testing';
import { api, unwrap } from './client';
import { makeQueryClient } from './query-client';

/** How many requests one read sends before the query settles, and what it settles with. */
async function attempts(answer: () => Response): Promise<{ calls: number; error: unknown }> {
  let calls = 0;
  server.use(
    http.get('*/services', () => {
      calls++;
      return answer();
    }),
  );
  const qc = makeQueryClient();
  const error = await qc.fetchQuery({ queryKey: ['services'], queryFn: () => unwrap(api.GET('/services')) }).catch((e: unknown) => e);
  return { calls, error };
}

describe('the query retry policy', () => {
  it.each([400, 401, 403, 404, 409])('never retries a %i', async (status) => {
    const { calls, error } = await attempts(() => apiError(status, 'refused'));
    expect(calls).toBe(1);
    expect(error).toMatchObject({ status });
  });

  it('retries a 5xx once', async () => {
    const { calls, error } = await attempts(() => new HttpResponse(null, { status: 503 }));
    expect(calls).toBe(2);
    expect(error).toMatchObject({ status: 503 });
  });

  it('retries a network error once', async () => {
    const { calls, error } = await attempts(() => HttpResponse.error());
    expect(calls).toBe(2);
    expect(error).toMatchObject({ status: 0 });
  });
});
