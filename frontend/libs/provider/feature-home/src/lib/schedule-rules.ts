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

/** The label of a closure: catalog-ui's, shared with the team page's member days off. */
export { closureLabel } from '@slotwise/catalog-ui';
