// Reschedule page and modal rules (docs/product.md#validation, #constants). Both offer the
// service's real slots through booking-ui's ServiceSlotPicker (RescheduleSlots.tsx).
import { ApiError } from '@slotwise/shared-data-access';
import { businessInstant, laterDate } from '@slotwise/shared-util';

export const RESCHEDULE_MESSAGES = {
  required: 'Please select both date and time',
  notLater: 'Please select a date and time after the current appointment',
  notFuture: 'Please select a future date and time',
  pageFailed: 'Failed to reschedule. Please try again.',
  loadFailed: 'Failed to load appointment. Please try again.',
  notFound: 'Appointment not found.',
} as const;

/** 'Failed to reschedule appointment: {server message}' (modal). */
export function rescheduleModalFailed(message: string): string {
  return `Failed to reschedule appointment: ${message}`;
}

/** The first day a reschedule may move to: the later of today and the appointment's date (booking-svc CheckReschedule). */
export function rescheduleFrom(today: string, appointmentDate: string): string {
  return laterDate(today, appointmentDate);
}

export interface RescheduleChoice {
  date: string;
  time: string;
}

export interface CurrentAppointment {
  date: string;
  time: string;
}

function moment(date: string, time: string): number | null {
  return businessInstant(date, time)?.getTime() ?? null;
}

/** Reschedule page (docs/product.md#validation): both required; after the current appointment. */
export function validateReschedulePage(choice: RescheduleChoice, current: CurrentAppointment): string | null {
  if (!choice.date || !choice.time) return RESCHEDULE_MESSAGES.required;
  const next = moment(choice.date, choice.time);
  const cur = moment(current.date, current.time);
  if (next === null || (cur !== null && next <= cur)) return RESCHEDULE_MESSAGES.notLater;
  return null;
}

/** Reschedule modal (docs/product.md#validation): both required; after the current appointment; in the future. */
export function validateRescheduleModal(
  choice: RescheduleChoice,
  current: CurrentAppointment,
  now: Date,
): string | null {
  const page = validateReschedulePage(choice, current);
  if (page) return page;
  const next = moment(choice.date, choice.time);
  if (next === null || next <= now.getTime()) return RESCHEDULE_MESSAGES.notFuture;
  return null;
}

/**
 * The member of the appointment (or the one chosen) is not free at the new time: booking-svc's
 * 409 "<Name> is not free at that time: choose another time or anyone available". The screen then
 * offers "Anyone available" (the request again with staffId "any").
 */
export function memberNotFree(err: unknown): string | null {
  return err instanceof ApiError && err.status === 409 && /is not free at that time/i.test(err.message) ? err.message : null;
}
