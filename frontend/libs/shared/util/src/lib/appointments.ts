// Appointment rules every appointment screen shares (docs/product.md#screens-and-routes, #states-and-transitions): when it starts, whether it
// has passed, how its status reads, whether it is listed, whether it can still change.
import type { Appointment, AppointmentStatus } from '@slotwise/shared-contract';
import { businessInstant } from './business-time';
import { parseTimeLabel } from './time-slots';

export const APPOINTMENT_STATUSES: readonly AppointmentStatus[] = [
  'pending',
  'scheduled',
  'confirmed',
  'in-progress',
  'completed',
  'cancelled',
  'rejected',
  'no-show',
];

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: 'Pending',
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  'in-progress': 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
  'no-show': 'No Show',
};

type Timed = Pick<Appointment, 'startsAt' | 'date' | 'time'>;

/** The start instant: the server's startsAt, else date + time in the business zone. */
export function appointmentStart(a: Timed): Date | null {
  if (a.startsAt) {
    const d = new Date(a.startsAt);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return businessInstant(a.date, a.time);
}

/** Its start has passed (a start equal to now counts as passed, as on the server). */
export function isPast(a: Timed, now: Date): boolean {
  const s = appointmentStart(a);
  return s !== null && s.getTime() <= now.getTime();
}

/**
 * docs/product.md#states-and-transitions display rule: a scheduled or confirmed appointment whose start has passed is shown
 * as completed.
 */
export function displayStatus(a: Timed & Pick<Appointment, 'status'>, now: Date): AppointmentStatus {
  if ((a.status === 'scheduled' || a.status === 'confirmed') && isPast(a, now)) return 'completed';
  return a.status;
}

/** Card action: 'review' (Leave a Review), 'reviewed' (Reviewed) or none. */
export function reviewState(a: Appointment, now: Date): 'review' | 'reviewed' | null {
  if (displayStatus(a, now) !== 'completed') return null;
  return a.hasReviewed ? 'reviewed' : 'review';
}

/** Entries named Unknown Service are hidden everywhere (docs/product.md#states-and-transitions). */
export function isListed(a: Pick<Appointment, 'serviceName'>): boolean {
  return a.serviceName !== 'Unknown Service';
}

/** Open statuses a customer may still cancel or reschedule (pending is the server's initial status). */
const OPEN: readonly AppointmentStatus[] = ['pending', 'scheduled', 'confirmed'];

/** A customer may reschedule or cancel an open appointment that has not started. */
export function canChange(a: Appointment, now: Date): boolean {
  return OPEN.includes(a.status) && !isPast(a, now);
}

export type SortKey = 'date' | 'time' | 'service' | 'status';

const startMs = (a: Timed) => appointmentStart(a)?.getTime() ?? 0;

/** Soonest first by start; or by time of day, service name or displayed status (then start). */
export function sortAppointments<T extends Appointment>(list: readonly T[], key: SortKey, now: Date = new Date()): T[] {
  const out = [...list];
  const byStart = (a: T, b: T) => startMs(a) - startMs(b);
  switch (key) {
    case 'date':
      return out.sort(byStart);
    case 'time':
      return out.sort((a, b) => (parseTimeLabel(a.time) ?? 0) - (parseTimeLabel(b.time) ?? 0) || byStart(a, b));
    case 'service':
      return out.sort((a, b) => a.serviceName.localeCompare(b.serviceName) || byStart(a, b));
    case 'status':
      return out.sort((a, b) => displayStatus(a, now).localeCompare(displayStatus(b, now)) || byStart(a, b));
  }
}

/**
 * The provider has yet to answer it (docs/product.md#states-and-transitions): a new request
 * (pending), or one the customer moved before the provider answered (the server's
 * awaitingProvider; a reschedule answers scheduled).
 */
export function awaitsProvider(a: Pick<Appointment, 'status'> & { awaitingProvider?: boolean }): boolean {
  return a.status === 'pending' || (a.awaitingProvider === true && (a.status === 'scheduled' || a.status === 'confirmed'));
}

/** The provider's steps: one word each, the same on every screen (docs/product.md#states-and-transitions). */
export type ProviderStep = 'accept' | 'decline' | 'complete' | 'no-show' | 'cancel';

export interface ProviderStepInfo {
  /** the button */
  label: string;
  /** the status it sends */
  status: AppointmentStatus;
  /** said when it is done */
  done: string;
  tone: 'ok' | 'bad';
  /** asks for an optional reason, told to the customer */
  asksReason: boolean;
}

export const PROVIDER_STEPS: Record<ProviderStep, ProviderStepInfo> = {
  accept: { label: 'Accept', status: 'scheduled', done: 'Accepted', tone: 'ok', asksReason: false },
  decline: { label: 'Decline', status: 'cancelled', done: 'Declined', tone: 'bad', asksReason: true },
  complete: { label: 'Mark Completed', status: 'completed', done: 'Marked completed', tone: 'ok', asksReason: false },
  'no-show': { label: 'Mark No-show', status: 'no-show', done: 'Marked no-show', tone: 'bad', asksReason: false },
  cancel: { label: 'Cancel Appointment', status: 'cancelled', done: 'Cancelled', tone: 'bad', asksReason: true },
};

type Steppable = Timed & Pick<Appointment, 'status'> & { awaitingProvider?: boolean };

/**
 * What the provider may do with an appointment now, as the server allows it
 * (docs/architecture.md#rules-the-server-enforces): answer a request (Accept, Decline); once an
 * accepted one has started, Mark Completed or Mark No-show (in progress: Mark Completed); before
 * it starts, Cancel Appointment.
 */
export function providerSteps(a: Steppable, now: Date): ProviderStep[] {
  if (awaitsProvider(a)) return ['accept', 'decline'];
  if (a.status === 'in-progress') return ['complete'];
  if (a.status === 'scheduled' || a.status === 'confirmed') return isPast(a, now) ? ['complete', 'no-show'] : ['cancel'];
  return [];
}

/** Started and still open: the provider is to mark how it went (the provider home's To Complete). */
export function awaitsOutcome(a: Steppable, now: Date): boolean {
  return providerSteps(a, now).includes('complete');
}

/**
 * Who declined or cancelled it and why, as `viewer` reads it ("Cancelled by the provider: “Closed
 * for Diwali”"); null while it is not cancelled or rejected.
 */
export function cancellationNote(
  a: Pick<Appointment, 'status'> & { reason?: string; cancelledBy?: string },
  viewer: 'customer' | 'provider',
): string | null {
  if (a.status !== 'cancelled' && a.status !== 'rejected') return null;
  const verb = a.status === 'rejected' ? 'Declined' : 'Cancelled';
  const by = !a.cancelledBy ? '' : a.cancelledBy === viewer ? ' by you' : a.cancelledBy === 'provider' ? ' by the provider' : ' by the customer';
  const reason = a.reason?.trim();
  if (!by && !reason) return null;
  return `${verb}${by}${reason ? `: “${reason}”` : ''}`;
}
