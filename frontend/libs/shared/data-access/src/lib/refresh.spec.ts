import { aUser, apiError, http, HttpResponse, mockApi, server, TEST_REFRESH_TOKEN, TEST_TOKEN } from '@slotwise/shared-testing';
import { ApiError, unwrap, userApi } from './client';
import { onSessionEnded, REFRESH_MARGIN_MS } from './refresh';
import { readRefreshToken, readToken, writeRefreshToken } from './token';

// A session whose access token the server no longer takes (expired), with a live refresh token.
function staleSession(expiresInSeconds = 600) {
  mockApi.signIn(aUser());
  localStorage.setItem('token', 'expired-token');
  writeRefreshToken(TEST_REFRESH_TOKEN, expiresInSeconds);
}

const calls = () => mockApi.requests.map((r) => `${r.method} ${r.path}`);

describe('quiet refresh of the session (docs/product.md#sessions)', () => {
  it('renews the tokens on a 401 and sends the call once more with the new token', async () => {
    staleSession();
    const r = await unwrap(userApi.GET('/auth/profile'));
    expect(r.success).toBe(true);
    expect(calls()).toEqual(['GET /auth/profile', 'POST /auth/refresh', 'GET /auth/profile']);
    expect(mockApi.requests[1].body).toEqual({ refreshToken: TEST_REFRESH_TOKEN });
    expect(mockApi.requests[2].headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(readToken()).toBe(TEST_TOKEN);
  });

  it('sends a body again on the retry', async () => {
    staleSession();
    await unwrap(userApi.PUT('/auth/profile', { body: { fullName: 'Asha R' } }));
    expect(calls()).toEqual(['PUT /auth/profile', 'POST /auth/refresh', 'PUT /auth/profile']);
    expect(mockApi.requests[2].body).toEqual({ fullName: 'Asha R' });
  });

  it('retries once only: a second 401 goes to the caller', async () => {
    staleSession();
    server.use(http.get('*/auth/profile', () => apiError(401, 'Invalid or expired token: please log in again')));
    await expect(unwrap(userApi.GET('/auth/profile'))).rejects.toMatchObject({ status: 401 });
    expect(mockApi.requestsTo('POST', '/auth/refresh')).toHaveLength(1);
  });

  it('renews shortly before the access token expires, before sending the call', async () => {
    staleSession((REFRESH_MARGIN_MS - 1_000) / 1000);
    await unwrap(userApi.GET('/auth/profile'));
    expect(calls()).toEqual(['POST /auth/refresh', 'GET /auth/profile']);
  });

  it('refreshes once for calls refused at the same time', async () => {
    staleSession();
    await Promise.all([unwrap(userApi.GET('/auth/profile')), unwrap(userApi.GET('/appointments'))]);
    expect(mockApi.requestsTo('POST', '/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh is refused: the tokens go, the session ends, the 401 reaches the caller', async () => {
    staleSession();
    localStorage.setItem('refreshToken', 'reused-token');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const err = await unwrap(userApi.GET('/auth/profile')).catch((e: unknown) => e);
    stop();
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(1);
    expect([readToken(), readRefreshToken()]).toEqual([null, null]);
  });

  it('keeps the session when the refresh gets no answer', async () => {
    staleSession();
    server.use(http.post('*/auth/refresh', () => HttpResponse.error()));
    await expect(unwrap(userApi.GET('/auth/profile'))).rejects.toMatchObject({ status: 401 });
    expect(readRefreshToken()).toBe(TEST_REFRESH_TOKEN);
  });

  it('does not refresh without a refresh token (a session from before refresh tokens)', async () => {
    mockApi.signIn(aUser());
    localStorage.setItem('token', 'old-token');
    await expect(unwrap(userApi.GET('/auth/profile'))).rejects.toMatchObject({ status: 401 });
    expect(calls()).toEqual(['GET /auth/profile']);
  });
});
