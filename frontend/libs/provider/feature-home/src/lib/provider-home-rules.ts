// Provider home (docs/product.md#screens-and-routes, #states-and-transitions, #constants): the next appointments, the hero and snapshot numbers, the
// request queue and the average service duration. "Today" is the business zone's date.
import type { Appointment } from '@slotwise/shared-contract';
import { appointmentStart, awaitsOutcome, awaitsProvider, businessDate, isListed } from '@slotwise/shared-util';

export const PROVIDER_HOME_UPCOMING = 3;

type Booking = Pick<Appointment, 'date' | 'time' | 'startsAt' | 'status' | 'serviceName'> & { awaitingProvider?: boolean };

const UPCOMING_STATUSES = new Set(['scheduled', 'confirmed', 'pending']);
/** statuses that no longer hold a slot */
const RELEASED = new Set(['cancelled', 'rejected']);

const startMs = (a: Booking) => appointmentStart(a)?.getTime() ?? 0;
const byStart = (x: Booking, y: Booking) => startMs(x) - startMs(y);

/** Future appointments scheduled, confirmed or pending, soonest first, the first 3. */
export function providerUpcoming<T extends Booking>(list: readonly T[], now: Date = new Date(), limit = PROVIDER_HOME_UPCOMING): T[] {
  return list
    .filter((a) => isListed(a) && UPCOMING_STATUSES.has(a.status) && startMs(a) > now.getTime())
    .sort(byStart)
    .slice(0, limit);
}

export interface ProviderStats {
  today: number;
  noShows: number;
  pending: number;
  completed: number;
}

/** Hero stats and daily snapshot numbers. */
export function providerStats(list: readonly Booking[], now: Date = new Date()): ProviderStats {
  const today = businessDate(now);
  const shown = list.filter(isListed);
  return {
    today: shown.filter((a) => a.date === today && !RELEASED.has(a.status)).length,
    noShows: shown.filter((a) => a.status === 'no-show').length,
    pending: shown.filter(awaitsProvider).length,
    completed: shown.filter((a) => a.status === 'completed').length,
  };
}

/** Queue card: the requests awaiting the provider's answer (new, or moved by the customer before it), soonest first. */
export function pendingRequests<T extends Booking>(list: readonly T[]): T[] {
  return list.filter((a) => isListed(a) && awaitsProvider(a)).sort(byStart);
}

/** Queue card: accepted appointments that have started and are still open, to mark completed or no-show; soonest first. */
export function toComplete<T extends Booking>(list: readonly T[], now: Date = new Date()): T[] {
  return list.filter((a) => isListed(a) && awaitsOutcome(a, now)).sort(byStart);
}

/** Average duration: the rounded mean of the provider's service durations; 0 without services. */
export function averageDuration(services: readonly { duration: number }[]): number {
  const ds = services.map((s) => Number(s.duration)).filter((d) => Number.isFinite(d));
  if (ds.length === 0) return 0;
  return Math.round(ds.reduce((a, b) => a + b, 0) / ds.length);
}
