import { apiError, http, HttpResponse, mockApi, server } from '@slotwise/shared-testing';
import { ApiError, apiRequest, GENERIC_ERROR, isUnauthorized } from './client';
import { TRACEPARENT_RE } from './trace';

describe('apiRequest', () => {
  it('uses the default base and returns the JSON body', async () => {
    let url = '';
    server.use(
      http.get('*/services', ({ request }) => {
        url = request.url;
        return HttpResponse.json({ success: true, services: [] });
      }),
    );
    await expect(apiRequest('/services?category=Home+Repair')).resolves.toEqual({ success: true, services: [] });
    expect(url).toBe('http://localhost:5001/services?category=Home+Repair');
  });

  it("turns an error body into ApiError carrying the body's error text", async () => {
    server.use(http.get('*/x', () => apiError(409, 'Email taken')));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 409, message: 'Email taken' });
  });

  it("falls back to 'Something went wrong'", async () => {
    server.use(http.get('*/x', () => new HttpResponse(null, { status: 500 })));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 500, message: GENERIC_ERROR });
    server.use(http.get('*/x', () => HttpResponse.error()));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 0, message: GENERIC_ERROR });
  });

  it('sends the bearer token from local storage when asked', async () => {
    localStorage.setItem('token', 'abc');
    const err = await apiRequest('/auth/profile', { auth: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(isUnauthorized(err)).toBe(true);
    expect(mockApi.requests[0].headers.get('Authorization')).toBe('Bearer abc');
    await apiRequest('/services').catch(() => undefined);
    expect(mockApi.requests[1].headers.get('Authorization')).toBeNull();
  });

  it('starts a new W3C trace on every call (traceparent 00-<trace>-<span>-01)', async () => {
    await apiRequest('/services');
    await apiRequest('/services');
    const [a, b] = mockApi.requests.map((r) => r.headers.get('traceparent') ?? '');
    expect(a).toMatch(TRACEPARENT_RE);
    expect(b).toMatch(TRACEPARENT_RE);
    expect(a.split('-')[1]).not.toBe(b.split('-')[1]);
    expect(a.split('-')[2]).not.toBe(b.split('-')[2]);
  });
});
