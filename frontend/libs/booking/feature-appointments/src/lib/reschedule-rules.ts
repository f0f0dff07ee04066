// Reschedule page and modal rules (docs/product.md#validation, #constants).
import { addDays, businessInstant, formatTime12, laterDate, parseTimeLabel } from '@slotwise/shared-util';

/** The reschedule modal's slots: the default list of docs/product.md#constants (slots when a service lists none). */
export const DEFAULT_TIME_SLOTS = [
  '8:00 AM',
  '9:00 AM',
  '10:00 AM',
  '10:30 AM',
  '11:30 AM',
  '1:00 PM',
  '2:00 PM',
  '2:30 PM',
  '3:30 PM',
  '4:30 PM',
  '5:30 PM',
] as const;


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

export const RESCHEDULE_PAGE_DAYS = 14;

/** Reschedule page: hourly slots 9:00 AM to 5:00 PM (9 slots). */
export const RESCHEDULE_PAGE_SLOTS: readonly string[] = Array.from({ length: 9 }, (_, i) => formatTime12((9 + i) * 60));

/** Reschedule page: 14 days from the later of today and the appointment date. */
export function reschedulePageDates(today: string, appointmentDate: string): string[] {
  const start = laterDate(today, appointmentDate);
  return Array.from({ length: RESCHEDULE_PAGE_DAYS }, (_, i) => addDays(start, i));
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

/** Modal date input minimum: the later of the appointment date and today. */
export function rescheduleModalMinDate(today: string, appointmentDate: string): string {
  return laterDate(today, appointmentDate);
}

/** Modal slots for a date: the default list; on the appointment's own day only later times. */
export function rescheduleModalSlots(date: string, current: CurrentAppointment): string[] {
  const cur = parseTimeLabel(current.time);
  return DEFAULT_TIME_SLOTS.filter((s) => date !== current.date || cur === null || (parseTimeLabel(s) ?? 0) > cur);
}
