// The analytics section's rules: which periods, how the server's figures read for people, and
// the rows the charts and their tables are drawn from. Pure, so specs pin them down.
import type { AnalyticsDay, ProviderAnalytics } from '@slotwise/shared-contract';
import { formatRupees } from '@slotwise/shared-util';

/** The periods the server answers (any other `days` is a 400). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_PERIOD: AnalyticsPeriod = 30;

export function parsePeriod(value: string): AnalyticsPeriod | null {
  return ANALYTICS_PERIODS.find((p) => String(p) === value) ?? null;
}

export type StatusKey = 'completed' | 'confirmed' | 'other' | 'pending' | 'cancelled' | 'rejected' | 'noShow';

/**
 * The statuses a day's bar is stacked from, bottom to top; the colours are theme tokens
 * (shared-ui tokens.css, `--chart-*`), so light and dark each get a readable set.
 */
export const STATUS_SERIES: readonly { key: StatusKey; label: string; color: string }[] = [
  { key: 'completed', label: 'Completed', color: 'var(--chart-completed)' },
  { key: 'confirmed', label: 'Confirmed', color: 'var(--chart-confirmed)' },
  { key: 'other', label: 'Scheduled or in progress', color: 'var(--chart-other)' },
  { key: 'pending', label: 'Pending', color: 'var(--chart-pending)' },
  { key: 'cancelled', label: 'Cancelled', color: 'var(--chart-cancelled)' },
  { key: 'rejected', label: 'Rejected', color: 'var(--chart-rejected)' },
  { key: 'noShow', label: 'No-show', color: 'var(--chart-no-show)' },
];

const PERCENT = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 1 });

/** 0.125 → '12.5%' (rates are fractions of all bookings; 0 when there are none). */
export function formatPercent(fraction: number): string {
  return PERCENT.format(Number.isFinite(fraction) ? fraction : 0);
}

/** '4.5' — one decimal; '—' when no review counts. */
export function formatRating(rating: number, count: number): string {
  return count > 0 && Number.isFinite(rating) ? rating.toFixed(1) : '—';
}

const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '2026-11-25' → '25 Nov': the business day as written, whatever the browser's zone. */
export function dayLabel(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? DAY.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12))) : date;
}

/** 0 → '12 AM', 9 → '9 AM', 12 → '12 PM', 17 → '5 PM' (hours of the business zone). */
export function hourLabel(hour: number): string {
  const h = ((hour % 24) + 24) % 24;
  return `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;
}

/** '1 review', '3 reviews', 'no reviews'. */
export const reviews = (n: number) => (n === 0 ? 'no reviews' : `${n} ${n === 1 ? 'review' : 'reviews'}`);

export const emptyMessage = (days: number) => `No bookings in the last ${days} days`;

export interface Figure {
  label: string;
  value: string;
  /** a line under the value, e.g. how many reviews an average is of */
  note?: string;
}

/** The totals row above the charts, in reading order. */
export function summaryFigures(a: ProviderAnalytics): Figure[] {
  return [
    { label: 'Bookings', value: String(a.totals.bookings) },
    { label: 'Completed', value: String(a.totals.completed) },
    { label: 'Revenue', value: formatRupees(a.totals.revenue) },
    { label: 'Average rating', value: formatRating(a.averageRating, a.ratingCount), note: reviews(a.ratingCount) },
    { label: 'Cancellation rate', value: formatPercent(a.rates.cancellation) },
    { label: 'Rejection rate', value: formatPercent(a.rates.rejection) },
    { label: 'No-show rate', value: formatPercent(a.rates.noShow) },
  ];
}

export type DailyRow = AnalyticsDay & { label: string };

/** One row a day, oldest first, labelled for the axis and the table. */
export function dailyRows(a: ProviderAnalytics): DailyRow[] {
  return a.daily.map((d) => ({ ...d, label: dayLabel(d.date) }));
}

export interface RatingRow {
  date: string;
  label: string;
  /** null on a day without reviews: the line has a gap there rather than a false 0 */
  rating: number | null;
  count: number;
}

export function ratingRows(a: ProviderAnalytics): RatingRow[] {
  return a.daily.map((d) => ({ date: d.date, label: dayLabel(d.date), rating: d.ratingCount > 0 ? d.averageRating : null, count: d.ratingCount }));
}

export interface HourRow {
  hour: number;
  label: string;
  bookings: number;
}

export function hourRows(a: ProviderAnalytics): HourRow[] {
  return a.hours.map((h) => ({ hour: h.hour, label: hourLabel(h.hour), bookings: h.bookings }));
}

/** The busiest hours, most bookings first (ties: the earlier hour), only hours with bookings. */
export function busiestHours(a: ProviderAnalytics, n = 3): HourRow[] {
  return hourRows(a)
    .filter((h) => h.bookings > 0)
    .sort((x, y) => y.bookings - x.bookings || x.hour - y.hour)
    .slice(0, n);
}
