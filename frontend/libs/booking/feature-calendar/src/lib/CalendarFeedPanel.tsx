import { useState } from 'react';
import { useCalendarFeed, useResetCalendarFeed } from '@slotwise/booking-data-access';
import { Button, buttonClass, copyAddress, toast } from '@slotwise/shared-ui';
import { failureMessage } from '@slotwise/shared-util';

/**
 * The signed-in user's calendar feed (docs/product.md#calendar-export): a secret webcal:// address
 * Google or Apple Calendar subscribes to, copied or opened from here, and replaced on demand.
 */
export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [open, setOpen] = useState(false);
  return (
    <details className="mb-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="calendar-feed">
      <summary className="cursor-pointer font-semibold">Subscribe in your calendar app</summary>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        This private address keeps Google or Apple Calendar up to date with your appointments. Anyone with it can see them: keep it to yourself.
      </p>
      {feed.isError && <p className="mt-2 text-sm text-rose-700 dark:text-rose-300">Could not load your calendar address.</p>}
      {feed.data && (
        <>
          <input
            readOnly
            aria-label="Calendar address"
            value={feed.data}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-3 w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs"
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={feed.data} className={buttonClass('primary')}>
              Subscribe
            </a>
            <Button variant="secondary" onClick={() => feed.data && void copyAddress(feed.data)}>
              Copy address
            </Button>
            <Button
              variant="danger-outline"
              disabled={reset.isPending}
              onClick={() =>
                reset.mutate(undefined, {
                  onSuccess: (r) => toast.success(r.message),
                  onError: (err) => toast.error(failureMessage(err, 'Could not change the address. Check your connection and try again.')),
                })
              }
            >
              Get a new address
            </Button>
          </div>
        </>
      )}
    </details>
  );
}
