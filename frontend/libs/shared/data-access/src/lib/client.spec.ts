import { ApiError, apiRequest, GENERIC_ERROR, isUnauthorized } from './client';
import { TRACEPARENT_RE } from './trace';

function respond(status: number, body: unknown) {
  return vi.fn().mockResolvedValue(
    new Response(body === undefined ? '' : JSON.stringify(body), { status }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('apiRequest', () => {
  it('uses the default base and returns the JSON body', async () => {
    const fetchMock = respond(200, { success: true, services: [] });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/services?category=Home+Repair')).resolves.toEqual({ success: true, services: [] });
    expect(fetchMock.mock.calls[0][0]).toBe('http://localhost:5001/services?category=Home+Repair');
  });

  it("turns an error body into ApiError carrying the body's error text", async () => {
    vi.stubGlobal('fetch', respond(409, { success: false, error: 'Email taken', message: 'Email taken' }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 409, message: 'Email taken' });
  });

  it("falls back to 'Something went wrong'", async () => {
    vi.stubGlobal('fetch', respond(500, undefined));
    await expect(apiRequest('/x')).rejects.toMatchObject({ message: GENERIC_ERROR });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(apiRequest('/x')).rejects.toBeInstanceOf(ApiError);
  });

  it('sends the bearer token from local storage when asked', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = respond(401, { success: false, error: 'Unauthorized' });
    vi.stubGlobal('fetch', fetchMock);
    const err = await apiRequest('/auth/profile', { auth: true }).catch((e) => e);
    expect(isUnauthorized(err)).toBe(true);
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('Bearer abc');
  });

  it('starts a new W3C trace on every call (traceparent 00-<trace>-<span>-01)', async () => {
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/x');
    await apiRequest('/x');
    const [a, b] = fetchMock.mock.calls.map((c) => c[1].headers.traceparent as string);
    expect(a).toMatch(TRACEPARENT_RE);
    expect(b).toMatch(TRACEPARENT_RE);
    expect(a.split('-')[1]).not.toBe(b.split('-')[1]);
    expect(a.split('-')[2]).not.toBe(b.split('-')[2]);
  });
});
