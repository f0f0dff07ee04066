// Booking page rules (spec §4, §5, §9).

/** Booking window: today plus the next 9 days. */
export const BOOKING_WINDOW_DAYS = 10;

/** Slots when a service lists none (spec §9); the reschedule modal offers the same list. */
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

export const BOOKING_MESSAGES = {
  dateTime: 'Please select both a date and time for your appointment',
  phone: 'Please enter a valid phone number (at least 10 digits)',
  address: 'Please enter your address',
  login: 'You must be logged in to book an appointment',
  allGone: 'All available slots for the next 10 days have passed or are fully booked.',
  noService: 'No service ID available for booking',
  profile: 'Could not fetch user profile',
  reviews: 'Could not load reviews',
} as const;

/** 'Failed to book appointment: {message or Please try again.}' */
export function bookingFailedMessage(message?: string | null): string {
  return `Failed to book appointment: ${message?.trim() || 'Please try again.'}`;
}

export interface BookingFormValues {
  date: string;
  time: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  notes: string;
}

export const emptyBookingForm = (): BookingFormValues => ({
  date: '',
  time: '',
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  customerAddress: '',
  notes: '',
});

/** Digits only: '+91 98765-43210' → '919876543210'. */
export const phoneDigits = (phone: string): string => (phone ?? '').replace(/\D/g, '');

/** The booking form checks of spec §5, in order; null when the form may be sent. */
export function validateBooking(v: BookingFormValues, loggedIn: boolean): string | null {
  if (!v.date || !v.time) return BOOKING_MESSAGES.dateTime;
  const digits = phoneDigits(v.customerPhone).length;
  if (digits < 10 || digits > 15) return BOOKING_MESSAGES.phone;
  if (v.customerAddress.trim() === '') return BOOKING_MESSAGES.address;
  if (!loggedIn) return BOOKING_MESSAGES.login;
  return null;
}

export interface BookingPayload {
  serviceId: string;
  date: string;
  time: string;
  notes: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
}

export function buildBookingPayload(serviceId: string, v: BookingFormValues): BookingPayload {
  return {
    serviceId,
    date: v.date,
    time: v.time,
    notes: v.notes.trim(),
    customerName: v.customerName.trim(),
    customerEmail: v.customerEmail.trim(),
    customerPhone: v.customerPhone.trim(),
    customerAddress: v.customerAddress.trim(),
  };
}

export interface SlotAvailability {
  time: string;
  available: boolean;
  /** RFC 3339 */
  startsAt: string;
}

export interface DayAvailability {
  date: string;
  slots: SlotAvailability[];
}

/** A slot can be picked when the server says it is free and its start is still ahead. */
export function slotOpen(s: SlotAvailability, now: Date): boolean {
  if (!s.available) return false;
  const t = new Date(s.startsAt).getTime();
  return Number.isNaN(t) || t > now.getTime();
}

/** Every slot of every day is past or taken: the all-slots-gone warning shows. */
export function allSlotsGone(days: readonly DayAvailability[], now: Date): boolean {
  return days.every((d) => d.slots.every((s) => !slotOpen(s, now)));
}

/** A fresh Idempotency-Key for one booking attempt. */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
