import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { BookingRequest } from '@slotwise/shared-contract';
import { apiError, aService, aUser, http, HttpResponse, mockApi, server } from '@slotwise/shared-testing';
import { useAttemptKey, useBookAppointment } from './booking-api';

const body = (time = '09:00'): BookingRequest => ({
  serviceId: 's1',
  date: '2030-01-02',
  time,
  notes: '',
  customerName: 'Asha Rao',
  customerEmail: 'asha@example.com',
  customerPhone: '9876543210',
  customerAddress: '12 MG Road, Pune',
});

/** Every POST /appointments that left the app, answered or not, with its key. */
function postedKeys(): string[] {
  const keys: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/appointments') keys.push(request.headers.get('Idempotency-Key') ?? '');
  });
  return keys;
}

function renderBooking() {
  mockApi.signIn(aUser());
  mockApi.services = [aService({ _id: 's1' })];
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useBookAppointment(), { wrapper }).result;
}

describe('booking is safe to retry', () => {
  it('a request that got no answer is sent once more with the same key, and books once', async () => {
    const keys = postedKeys();
    server.use(http.post('*/appointments', () => HttpResponse.error(), { once: true }));
    const hook = renderBooking();
    act(() => hook.current.book(body()));
    await waitFor(() => expect(hook.current.isSuccess).toBe(true));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(mockApi.appointments).toHaveLength(1);
  });

  it('a 5xx is retried once with the same key', async () => {
    const keys = postedKeys();
    server.use(http.post('*/appointments', () => apiError(503, 'booking unavailable'), { once: true }));
    const hook = renderBooking();
    act(() => hook.current.book(body()));
    await waitFor(() => expect(hook.current.isSuccess).toBe(true));
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it('a refusal (4xx) is not retried', async () => {
    const keys = postedKeys();
    server.use(http.post('*/appointments', () => apiError(409, 'This time slot is already booked')));
    const hook = renderBooking();
    act(() => hook.current.book(body()));
    await waitFor(() => expect(hook.current.isError).toBe(true));
    expect(keys).toHaveLength(1);
    expect(hook.current.error?.message).toBe('This time slot is already booked');
  });

  it('retries only once: after two failures the error shows; pressing again keeps the key until the request changes', async () => {
    const keys = postedKeys();
    server.use(http.post('*/appointments', () => HttpResponse.error()));
    const hook = renderBooking();
    act(() => hook.current.book(body()));
    await waitFor(() => expect(hook.current.isError).toBe(true));
    expect(keys).toHaveLength(2);
    act(() => hook.current.book(body()));
    await waitFor(() => expect(keys).toHaveLength(4));
    expect(new Set(keys).size).toBe(1);
    act(() => hook.current.book(body('10:00')));
    await waitFor(() => expect(keys).toHaveLength(6));
    expect(keys[4]).not.toBe(keys[0]);
  });
});

describe('useAttemptKey', () => {
  it('one key per request, a new one when the request changes', () => {
    const { result } = renderHook(() => useAttemptKey());
    const first = result.current(body());
    expect(result.current(body())).toBe(first);
    expect(result.current({ ...body(), notes: 'first visit' })).not.toBe(first);
    expect(result.current(body())).not.toBe(first);
  });
});
