// Days off on the provider home (docs/product.md#provider-schedule): which bookings a closure
// leaves for the provider to handle.
import type { Appointment, Closure } from '@slotwise/shared-contract';

/** Statuses that still hold a slot and so need an answer when their day closes. */
const OPEN = new Set(['pending', 'scheduled', 'confirmed']);

/** Open bookings on a closed day, earliest first. */
export function bookingsOnClosedDays(list: readonly Appointment[], closures: readonly Pick<Closure, 'from' | 'to'>[]): Appointment[] {
  return list
    .filter((a) => OPEN.has(a.status) && closures.some((c) => c.from <= a.date && a.date <= c.to))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** "23 Nov" or "23 – 25 Nov" style range label, from YYYY-MM-DD dates. */
export function closureLabel(c: Pick<Closure, 'from' | 'to' | 'note'>): string {
  const fmt = (d: string) => new Date(`${d}T12:00:00`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short' });
  const range = c.from === c.to ? fmt(c.from) : `${fmt(c.from)} – ${fmt(c.to)}`;
  return c.note ? `${range} (${c.note})` : range;
}
