// The provider dashboard's analytics (issue 26): a 7/30/90-day selector, the totals, three charts
// (loaded lazily with their library) and the same figures as tables.
import { lazy, Suspense, useState } from 'react';
import { Button, ErrorBanner, Skeleton, Spinner, Tabs } from '@slotwise/shared-ui';
import { formatDate } from '@slotwise/shared-util';
import { useProviderAnalytics } from '../../api/analytics-api';
import { card } from '../styles';
import { ANALYTICS_PERIODS, DEFAULT_PERIOD, emptyMessage, parsePeriod, summaryFigures, type AnalyticsPeriod } from './analytics-data';
import { AnalyticsTables } from './AnalyticsTables';

// Recharts is ~100 KB gzipped: a chunk of its own, fetched only when this section has figures to
// draw, so the app's initial JS and the dashboard's first paint do not carry it.
const AnalyticsCharts = lazy(() => import('./AnalyticsCharts'));

function ChartsLoading() {
  return (
    <div role="status" className="grid gap-6" aria-label="Loading charts">
      <Skeleton className="h-60 w-full" />
      <Skeleton className="h-52 w-full" />
    </div>
  );
}

/** `staffId`: the dashboard's member filter ('' = everyone). */
export function AnalyticsSection({ staffId = '' }: { staffId?: string }) {
  const [days, setDays] = useState<AnalyticsPeriod>(DEFAULT_PERIOD);
  const q = useProviderAnalytics(days, staffId);
  const data = q.data;
  // While another period loads the previous figures stay, marked busy.
  const updating = q.isPlaceholderData && q.isFetching;

  return (
    <section className={`${card} min-w-0`} aria-labelledby="analytics-h" data-testid="analytics">
      <h2 id="analytics-h" className="mb-4 text-xl font-semibold">
        Analytics
      </h2>
      <Tabs
        label="Period"
        value={String(days)}
        onChange={(v) => setDays(parsePeriod(v) ?? DEFAULT_PERIOD)}
        tabs={ANALYTICS_PERIODS.map((p) => ({ value: String(p), label: `${p} days` }))}
      >
        <div aria-busy={updating || q.isPending} className="min-w-0">
          {q.isPending ? (
            <Spinner label="Loading analytics…" />
          ) : q.isError && !data ? (
            <div className="space-y-3">
              <ErrorBanner>Failed to load analytics. Please try again.</ErrorBanner>
              <Button size="sm" variant="secondary" onClick={() => q.refetch()}>
                Try again
              </Button>
            </div>
          ) : data && data.totals.bookings === 0 ? (
            <p className="py-6 text-center text-slate-600 dark:text-slate-300" data-testid="analytics-empty">
              {emptyMessage(data.days)}
            </p>
          ) : data ? (
            <div className={`min-w-0 space-y-6 ${updating ? 'opacity-60' : ''}`}>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {formatDate(data.from)} – {formatDate(data.to)}
              </p>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="analytics-totals">
                {summaryFigures(data).map((f) => {
                  const id = `analytics-${f.label.toLowerCase().replace(/ /g, '-')}`;
                  return (
                    <div key={f.label} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
                      <dt className="text-xs text-slate-600 dark:text-slate-300">{f.label}</dt>
                      <dd className="text-lg font-semibold tabular-nums" data-testid={id}>
                        {f.value}
                      </dd>
                      {f.note && (
                        <dd className="text-xs text-slate-600 dark:text-slate-300" data-testid={`${id}-note`}>
                          {f.note}
                        </dd>
                      )}
                    </div>
                  );
                })}
              </dl>
              <Suspense fallback={<ChartsLoading />}>
                <AnalyticsCharts data={data} />
              </Suspense>
              <details className="group">
                <summary className="cursor-pointer rounded text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand dark:text-indigo-300">
                  Show as table
                </summary>
                <AnalyticsTables data={data} />
              </details>
            </div>
          ) : null}
        </div>
      </Tabs>
    </section>
  );
}
