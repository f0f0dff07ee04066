import { useMySchedule, useSetQueue } from '@slotwise/catalog-data-access';
import { toast } from '@slotwise/shared-ui';
import { failureMessage } from '@slotwise/shared-util';

/**
 * The queue's open/closed switch (docs/product.md#provider-schedule): persisted on the server;
 * closed, no service of the provider takes bookings.
 */
export function QueueSwitch() {
  const schedule = useMySchedule();
  const setQueue = useSetQueue();
  const open = schedule.data?.queueOpen ?? true;
  const busy = schedule.isPending || setQueue.isPending;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={open}
      aria-label="Queue open"
      disabled={busy || schedule.isError}
      onClick={() =>
        setQueue.mutate(!open, {
          onSuccess: (r) => toast.success(r.message),
          onError: (err) => toast.error(failureMessage(err, 'Failed to update the queue. Check your connection and try again.')),
        })
      }
      className={`rounded-full px-3 py-1 text-sm font-semibold disabled:opacity-60 ${open ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200' : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200'}`}
    >
      {open ? 'Open' : 'Closed'}
    </button>
  );
}

/** What the queue card says under its title. */
export function QueueNote() {
  const schedule = useMySchedule();
  if (schedule.data?.queueOpen !== false) return null;
  return (
    <p className="mb-3 rounded-lg bg-slate-100 px-3 py-2 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200" data-testid="queue-closed-note">
      Your queue is closed: customers see that you are not taking bookings right now.
    </p>
  );
}
