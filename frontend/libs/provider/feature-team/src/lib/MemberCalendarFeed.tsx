import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '@slotwise/shared-contract';
import { queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';
import { webcalAddress } from '@slotwise/booking-data-access';
import { Button, copyAddress, toast } from '@slotwise/shared-ui';
import { failureMessage } from '@slotwise/shared-util';

const feedKey = (id: string) => [queryRoots.provider, 'staff-calendar-feed', id] as const;

/**
 * A team member's own calendar feed (docs/product.md#calendar-export): the secret webcal:// address
 * of their appointments, for the provider to hand to them, and replaced on demand. Asked for only
 * once opened: the first read makes the address.
 */
export function MemberCalendarFeed({ member: m }: { member: StaffMember }) {
  const [open, setOpen] = useState(false);
  const qc = useQueryClient();
  const feed = useQuery({
    queryKey: feedKey(m._id),
    enabled: open,
    queryFn: ({ signal }) =>
      unwrap(userApi.GET('/providers/me/staff/{staffId}/calendar-feed', { params: { path: { staffId: m._id } }, signal })).then((r) => webcalAddress(r.path)),
  });
  const reset = useMutation({
    mutationFn: () => unwrap(userApi.POST('/providers/me/staff/{staffId}/calendar-feed/reset', { params: { path: { staffId: m._id } }, body: {} })),
    onSuccess: (r) => {
      qc.setQueryData(feedKey(m._id), webcalAddress(r.path));
      toast.success(r.message);
    },
    onError: (err) => toast.error(failureMessage(err, 'Could not change the address. Check your connection and try again.')),
  });
  return (
    <details className="mt-3 text-sm" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="member-calendar-feed">
      <summary className="cursor-pointer font-medium">Calendar address for {m.name}</summary>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Give this private address to {m.name}: their calendar app then shows their appointments. Anyone with it can see them.
      </p>
      {feed.isError && <p className="mt-2 text-rose-700 dark:text-rose-300">Could not load the calendar address.</p>}
      {feed.data && (
        <>
          <input
            readOnly
            aria-label={`Calendar address for ${m.name}`}
            value={feed.data}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-2 w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs"
          />
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => feed.data && void copyAddress(feed.data)}>
              Copy address
            </Button>
            <Button size="sm" variant="danger-outline" disabled={reset.isPending} onClick={() => reset.mutate()}>
              Get a new address
            </Button>
          </div>
        </>
      )}
    </details>
  );
}
