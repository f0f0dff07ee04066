// The three analytics charts, drawn with Recharts. This file is only ever imported lazily
// (AnalyticsSection), so the chart library is a chunk of its own, fetched when a provider opens
// the dashboard — never part of the app's initial JS (docs/adr/0056-provider-analytics.md).
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProviderAnalytics } from '@slotwise/shared-contract';
import { busiestHours, dailyRows, hourRows, ratingRows, STATUS_SERIES } from './analytics-data';

// Axis, grid and tooltip colours are the page's theme tokens, so the charts follow light and dark.
const TICK = { fill: 'var(--color-fg-muted)', fontSize: 12 };
const AXIS = { stroke: 'var(--color-line)' };
const TOOLTIP = {
  contentStyle: { background: 'var(--color-surface)', border: '1px solid var(--color-line)', borderRadius: 8, color: 'var(--color-fg)', fontSize: 13 },
  labelStyle: { color: 'var(--color-fg)', fontWeight: 600 },
  cursor: { fill: 'var(--color-hover)' },
};
const legendText = (value: string) => <span style={{ color: 'var(--color-fg)' }}>{value}</span>;
const HEIGHT = 220;

/**
 * One chart with its heading. The drawing is an image to screen readers, named by `summary`;
 * the figures themselves are in the tables under "Show as table" (AnalyticsTables).
 */
function Chart({ title, summary, testId, children }: { title: string; summary: string; testId: string; children: ReactNode }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      <div role="img" aria-label={summary} data-testid={testId} className="w-full min-w-0">
        {children}
      </div>
    </figure>
  );
}

export default function AnalyticsCharts({ data }: { data: ProviderAnalytics }) {
  const days = dailyRows(data);
  const ratings = ratingRows(data);
  const hours = hourRows(data);
  const period = `the last ${data.days} days`;
  return (
    <div className="grid min-w-0 gap-6">
      <Chart title="Bookings per day" summary={`Bookings per day by status over ${period}: ${data.totals.bookings} in all.`} testId="chart-daily">
        <ResponsiveContainer width="100%" height={HEIGHT + 40}>
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -20 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-line)" strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={TICK} axisLine={AXIS} tickLine={false} interval="preserveStartEnd" minTickGap={12} />
            <YAxis allowDecimals={false} tick={TICK} axisLine={false} tickLine={false} width={44} />
            <Tooltip {...TOOLTIP} />
            <Legend formatter={legendText} itemSorter={null} iconSize={10} wrapperStyle={{ fontSize: 12 }} />
            {STATUS_SERIES.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} stackId="status" fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Chart>
      <Chart
        title="Average rating"
        summary={data.ratingCount > 0 ? `Average rating per day over ${period}: ${data.averageRating.toFixed(1)} from ${data.ratingCount} reviews.` : `No reviews over ${period}.`}
        testId="chart-rating"
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <LineChart data={ratings} margin={{ top: 8, right: 8, bottom: 0, left: -20 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-line)" strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={TICK} axisLine={AXIS} tickLine={false} interval="preserveStartEnd" minTickGap={12} />
            <YAxis domain={[0, 5]} ticks={[0, 1, 2, 3, 4, 5]} tick={TICK} axisLine={false} tickLine={false} width={44} />
            <Tooltip {...TOOLTIP} formatter={(v) => (typeof v === 'number' ? v.toFixed(1) : String(v ?? ''))} />
            {/* Days without reviews are gaps in the data; the line joins the days that have some. */}
            <Line dataKey="rating" name="Average rating" stroke="var(--chart-rating)" strokeWidth={2} dot={{ r: 3, fill: 'var(--chart-rating)' }} connectNulls isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </Chart>
      <Chart
        title="Busiest hours"
        summary={`Bookings by starting hour over ${period}; busiest: ${busiestHours(data).map((h) => `${h.label} (${h.bookings})`).join(', ')}.`}
        testId="chart-hours"
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={hours} margin={{ top: 8, right: 8, bottom: 0, left: -20 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-line)" strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={TICK} axisLine={AXIS} tickLine={false} interval="equidistantPreserveStart" minTickGap={10} />
            <YAxis allowDecimals={false} tick={TICK} axisLine={false} tickLine={false} width={44} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="bookings" name="Bookings" fill="var(--chart-confirmed)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Chart>
    </div>
  );
}
