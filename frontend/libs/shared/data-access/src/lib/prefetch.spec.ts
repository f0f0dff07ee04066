import { http, HttpResponse, server } from '@slotwise/shared-testing';
import { api, unwrap } from './client';
import { PREFETCH_TTL_MS, prefetch } from './prefetch';
import { API_BASE } from './config';

describe('prefetch: the first screen data started before the app', () => {
  it('answers the same public GET once from the request already under way', async () => {
    let asked = 0;
    server.use(
      http.get('*/services', ({ request }) => {
        asked++;
        return HttpResponse.json({ success: true, services: [], total: 0, totalCapped: false, query: new URL(request.url).search });
      }),
    );
    prefetch(`${API_BASE}/services?category=${encodeURIComponent('Healthcare & Wellness')}`);
    const first = await unwrap(api.GET('/services', { params: { query: { category: 'Healthcare & Wellness' } } }));
    expect(first.success).toBe(true);
    expect(asked).toBe(1);
    // Taken once: the next read asks the server again.
    await unwrap(api.GET('/services', { params: { query: { category: 'Healthcare & Wellness' } } }));
    expect(asked).toBe(2);
  });

  it('is not used for another address, nor once it is old', async () => {
    let asked = 0;
    server.use(
      http.get('*/services', () => {
        asked++;
        return HttpResponse.json({ success: true, services: [], total: 0, totalCapped: false });
      }),
    );
    prefetch(`${API_BASE}/services?category=Automobile`);
    await unwrap(api.GET('/services', { params: { query: { category: 'Others' } } }));
    expect(asked).toBe(2);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      prefetch(`${API_BASE}/services?category=Others`);
      vi.setSystemTime(Date.now() + PREFETCH_TTL_MS + 1);
      await unwrap(api.GET('/services', { params: { query: { category: 'Others' } } }));
      expect(asked).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
