// The charts' figures as tables, for screen readers and anyone who prefers numbers: behind a
// visible "Show as table" disclosure, with captions and header cells.
import type { ReactNode } from 'react';
import type { ProviderAnalytics } from '@slotwise/shared-contract';
import { formatRupees } from '@slotwise/shared-util';
import { dailyRows, formatRating, hourRows, STATUS_SERIES } from './analytics-data';

const th = 'px-2 py-1.5 text-left font-semibold whitespace-nowrap';
const td = 'px-2 py-1.5 tabular-nums whitespace-nowrap';
const caption = 'mb-2 text-left text-sm font-semibold';

/** A wide table scrolls inside its own box (reachable by keyboard), never the page. */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // tabIndex: a scrollable region must take focus to be scrolled by keyboard (axe scrollable-region-focusable).
    <div role="region" aria-label={label} tabIndex={0} className="max-w-full overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand dark:border-slate-700">
      {children}
    </div>
  );
}

export function AnalyticsTables({ data }: { data: ProviderAnalytics }) {
  const days = dailyRows(data);
  return (
    <div className="mt-3 space-y-4 text-sm">
      <Scroll label="Bookings per day, table">
        <table className="min-w-full" data-testid="analytics-daily-table">
          <caption className={`${caption} px-2 pt-2`}>Bookings per day</caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th scope="col" className={th}>Day</th>
              <th scope="col" className={th}>Bookings</th>
              {STATUS_SERIES.map((s) => (
                <th key={s.key} scope="col" className={th}>{s.label}</th>
              ))}
              <th scope="col" className={th}>Revenue</th>
              <th scope="col" className={th}>Average rating</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row" className={`${th} font-medium`}>{d.label}</th>
                <td className={td}>{d.bookings}</td>
                {STATUS_SERIES.map((s) => (
                  <td key={s.key} className={td}>{d[s.key]}</td>
                ))}
                <td className={td}>{formatRupees(d.revenue)}</td>
                <td className={td}>{d.ratingCount > 0 ? `${formatRating(d.averageRating, d.ratingCount)} (${d.ratingCount})` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
      <Scroll label="Bookings by hour, table">
        <table className="min-w-full" data-testid="analytics-hours-table">
          <caption className={`${caption} px-2 pt-2`}>Bookings by starting hour</caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th scope="col" className={th}>Hour</th>
              <th scope="col" className={th}>Bookings</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {hourRows(data).map((h) => (
              <tr key={h.hour}>
                <th scope="row" className={`${th} font-medium`}>{h.label}</th>
                <td className={td}>{h.bookings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </div>
  );
}
