// A listed service's first free slot as its card shows it.
import type { NextAvailable } from '@slotwise/shared-contract';
import { displayTime } from '@slotwise/shared-util';

/** 'Tue 10:00 AM' for { date: '2026-11-24', time: '10:00' }: the slot's weekday (its business date) and time. */
export function nextAvailableLabel(n: Pick<NextAvailable, 'date' | 'time'>): string {
  const [y, m, d] = n.date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday} ${displayTime(n.time)}`;
}

/** What a card says when the listing found no free slot in the booking window. */
export const NO_FREE_SLOT = 'No free slot in the next 10 days';
