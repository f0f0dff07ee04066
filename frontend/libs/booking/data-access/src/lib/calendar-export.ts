// Calendar export (docs/product.md#calendar-export): one appointment as an iCalendar file, and the
// signed-in user's secret feed address.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';

export const CALENDAR_EXPORT_FAILED = 'Could not download the calendar file. Please try again.';

/** GET /appointments/{id}/calendar.ics with the user's token, saved as a file the calendar app opens. */
export async function downloadAppointmentCalendar(a: { _id: string; serviceName: string; date: string }): Promise<void> {
  const { data, response } = await userApi.GET('/appointments/{id}/calendar.ics', {
    params: { path: { id: a._id } },
    parseAs: 'blob',
  });
  if (!response.ok || !(data instanceof Blob)) throw new Error(CALENDAR_EXPORT_FAILED);
  const url = URL.createObjectURL(new Blob([data], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${a.serviceName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'appointment'}-${a.date}.ics`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The webcal:// address of a feed path on the API (under the API's own path, e.g. /api). */
export function webcalAddress(path: string, base: string = API_BASE, origin: string = globalThis.location?.origin ?? 'http://localhost'): string {
  const u = new URL(`${base.replace(/\/+$/, '')}${path}`, origin);
  return `webcal://${u.host}${u.pathname}`;
}

const feedKey = [queryRoots.profile, 'calendar-feed'] as const;

/** GET /calendar/feed: the user's feed address (made on first use). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => unwrap(userApi.GET('/calendar/feed', { signal })).then((r) => webcalAddress(r.path)),
  });
}

/** POST /calendar/feed: a new address; the old one stops working at once. */
export function useResetCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(userApi.POST('/calendar/feed', { body: {} })),
    onSuccess: (r) => qc.setQueryData(feedKey, webcalAddress(r.path)),
  });
}
