import { apiError, http, HttpResponse, mockApi, server } from '@slotwise/shared-testing';
import { api, ApiError, GENERIC_ERROR, isRetryable, isUnauthorized, unwrap, userApi } from './client';
import { TRACEPARENT_RE } from './trace';

describe('the API client', () => {
  it('calls the default base with the query and returns the JSON body', async () => {
    await expect(unwrap(api.GET('/services', { params: { query: { category: 'Home Repair' } } }))).resolves.toEqual({
      success: true,
      services: [],
      total: 0,
      totalCapped: false,
      nextCursor: '',
    });
    expect(mockApi.requests.map((r) => r.path)).toEqual(['/services?category=Home%20Repair']);
  });

  it('revalidates every read instead of reusing the browser cache (public reads carry max-age for CDNs)', async () => {
    let mode = '';
    server.use(
      http.get('*/services', ({ request }) => {
        mode = request.cache;
        return HttpResponse.json({ success: true, services: [], total: 0 });
      }),
    );
    await unwrap(api.GET('/services'));
    expect(mode).toBe('no-cache');
  });

  it('puts path parameters in as one encoded segment', async () => {
    await unwrap(api.GET('/auth/user-role/{email}', { params: { path: { email: 'a+b@c.d' } } })).catch(() => undefined);
    expect(mockApi.requests[0].path).toBe('/auth/user-role/a%2Bb%40c.d');
  });

  it("turns an error body into ApiError carrying the body's error text", async () => {
    server.use(http.get('*/services', () => apiError(409, 'Email taken')));
    await expect(unwrap(api.GET('/services'))).rejects.toMatchObject({ status: 409, message: 'Email taken' });
  });

  it("falls back to 'Something went wrong'; no answer at all is status 0", async () => {
    server.use(http.get('*/services', () => new HttpResponse(null, { status: 500 })));
    const failed = await unwrap(api.GET('/services')).catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 500, message: GENERIC_ERROR });
    server.use(http.get('*/services', () => HttpResponse.error()));
    const dropped = await unwrap(api.GET('/services')).catch((e: unknown) => e);
    expect(dropped).toMatchObject({ status: 0, message: GENERIC_ERROR });
    // Both may be sent again; a refusal may not.
    expect([failed, dropped].map(isRetryable)).toEqual([true, true]);
    expect(isRetryable(new ApiError(409, 'taken'))).toBe(false);
  });

  it('sends the bearer token from local storage on signed-in calls only', async () => {
    localStorage.setItem('token', 'abc');
    const err = await unwrap(userApi.GET('/auth/profile')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(isUnauthorized(err)).toBe(true);
    expect(mockApi.requests[0].headers.get('Authorization')).toBe('Bearer abc');
    await unwrap(api.GET('/services'));
    expect(mockApi.requests[1].headers.get('Authorization')).toBeNull();
  });

  it('starts a new W3C trace on every call (traceparent 00-<trace>-<span>-01)', async () => {
    await unwrap(api.GET('/services'));
    await unwrap(api.GET('/services'));
    const [a, b] = mockApi.requests.map((r) => r.headers.get('traceparent') ?? '');
    expect(a).toMatch(TRACEPARENT_RE);
    expect(b).toMatch(TRACEPARENT_RE);
    expect(a.split('-')[1]).not.toBe(b.split('-')[1]);
    expect(a.split('-')[2]).not.toBe(b.split('-')[2]);
  });
});
