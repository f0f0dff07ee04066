import { useState } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '@slotwise/shared-contract';
import { Button, CLOSED_DAY_TONE, ErrorBanner, toast } from '@slotwise/shared-ui';
import { closureLabel, CloseDaysForm } from '@slotwise/catalog-ui';
import { availabilityOf, availabilityWindow, formatDateTime, type Availability, failureMessage } from '@slotwise/shared-util';
import { closureOn, useAddClosure, useDeleteClosure, useMySchedule } from '@slotwise/catalog-data-access';
import { bookingsOnClosedDays } from './schedule-rules';

const AVAILABILITY_STYLE: Record<Availability | 'Closed', string> = {
  Free: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  Booked: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  Busy: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-200',
  Closed: `${CLOSED_DAY_TONE} line-through`,
};

const card = 'rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm dark:border-slate-700';

/**
 * The provider home's availability card (docs/product.md#provider-schedule): 30 days of
 * bookings per day; picking a day closes it (or a range from it, with a note) or reopens the
 * days off it belongs to. Open bookings already on a closed day are listed for the provider.
 */
export function AvailabilityCard({ list, now }: { list: readonly Appointment[]; now: Date }) {
  const schedule = useMySchedule();
  const closures = schedule.data?.closures ?? [];
  const days = availabilityWindow(list, now);
  const today = days[0];
  const [picked, setPicked] = useState<string | null>(null);
  const pickedClosure = picked ? closureOn(closures, picked) : undefined;
  const affected = bookingsOnClosedDays(list as Appointment[], closures);

  return (
    <section className={card} aria-labelledby="availability-h" data-testid="availability-card">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="availability-h" className="text-xl font-semibold">Availability</h2>
        <span data-testid="today-availability" className={`rounded-full px-3 py-1 text-sm font-semibold ${AVAILABILITY_STYLE[availabilityOf(today?.bookings ?? 0)]}`}>
          Today: {availabilityOf(today?.bookings ?? 0)}
        </span>
      </div>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">Next 30 days · pick a day to close or reopen it</p>
      <ol className="grid grid-cols-7 gap-1" aria-label="30-day availability">
        {days.map((d) => {
          const date = new Date(`${d.date}T00:00:00`);
          const closed = closureOn(closures, d.date);
          const state = closed ? 'Closed' : d.availability;
          const label = `${date.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short' })}: ${state} (${d.bookings} booking${d.bookings === 1 ? '' : 's'})`;
          return (
            <li key={d.date}>
              <button
                type="button"
                data-date={d.date}
                data-closed={closed ? 'true' : undefined}
                aria-pressed={picked === d.date}
                aria-label={label}
                title={label}
                onClick={() => setPicked((p) => (p === d.date ? null : d.date))}
                className={`flex aspect-square w-full flex-col items-center justify-center rounded-md text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${AVAILABILITY_STYLE[state]} ${picked === d.date ? 'ring-2 ring-indigo-600 dark:ring-indigo-300' : ''}`}
              >
                {date.getDate()}
              </button>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-wrap gap-3 text-xs">
        {(['Free', 'Booked', 'Busy', 'Closed'] as const).map((a) => (
          <span key={a} className="inline-flex items-center gap-1">
            <span className={`h-3 w-3 rounded ${AVAILABILITY_STYLE[a]}`} aria-hidden="true" />
            {a}
          </span>
        ))}
      </div>
      {schedule.isError && <p className="mt-3 text-sm text-rose-700 dark:text-rose-300">Could not load your days off.</p>}
      {picked && (pickedClosure ? <Reopen closure={pickedClosure} onDone={() => setPicked(null)} /> : <CloseDays from={picked} onDone={() => setPicked(null)} />)}
      {affected.length > 0 && (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="closed-day-bookings">
          <h3 className="font-semibold">Bookings on your days off ({affected.length})</h3>
          <p className="mb-2">They stay booked until you answer them.</p>
          <ul className="space-y-1">
            {affected.map((a) => (
              <li key={a._id}>
                {a.serviceName} · {a.customerName || a.customerEmail} · {formatDateTime(a.date, a.time)}
              </li>
            ))}
          </ul>
          <Link to="/my-services" className="mt-2 inline-block font-medium text-indigo-700 underline dark:text-indigo-300">
            Answer them in your dashboard
          </Link>
        </div>
      )}
    </section>
  );
}

/** Close `from` (and up to a later day) with an optional note. */
function CloseDays({ from, onDone }: { from: string; onDone: () => void }) {
  const add = useAddClosure();
  return (
    <CloseDaysForm
      from={from}
      onDone={onDone}
      onSubmit={(body) =>
        add.mutateAsync(body).then(
          (r) => toast.success(r.message),
          (err) => Promise.reject(new Error(failureMessage(err, 'Failed to close these days. Check your connection and try again.'))),
        )
      }
    />
  );
}

/** Reopen the days off a picked day belongs to. */
function Reopen({ closure, onDone }: { closure: { _id: string; from: string; to: string; note: string }; onDone: () => void }) {
  const del = useDeleteClosure();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mt-4 space-y-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
      <p>
        Closed: <strong>{closureLabel(closure)}</strong>
      </p>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="success"
          disabled={del.isPending}
          onClick={() =>
            del.mutate(closure._id, {
              onSuccess: (r) => {
                toast.success(r.message);
                onDone();
              },
              onError: (err) => setError(failureMessage(err, 'Failed to reopen these days. Check your connection and try again.')),
            })
          }
        >
          {del.isPending ? 'Reopening…' : 'Reopen these days'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
