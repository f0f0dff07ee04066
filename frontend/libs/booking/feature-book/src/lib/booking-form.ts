// Booking page rules (docs/product.md#states-and-transitions, #validation, #constants).
import type { BookingRequest } from '@slotwise/shared-contract';

/** Booking window: today plus the next 9 days. */
export const BOOKING_WINDOW_DAYS = 10;

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
  /** the team member chosen; '' = "Anyone available" (the server assigns) */
  staffId: string;
  date: string;
  time: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  notes: string;
}

export const emptyBookingForm = (): BookingFormValues => ({
  staffId: '',
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

/** The booking form checks of docs/product.md#validation, in order; null when the form may be sent. */
export function validateBooking(v: BookingFormValues, loggedIn: boolean): string | null {
  if (!v.date || !v.time) return BOOKING_MESSAGES.dateTime;
  const digits = phoneDigits(v.customerPhone).length;
  if (digits < 10 || digits > 15) return BOOKING_MESSAGES.phone;
  if (v.customerAddress.trim() === '') return BOOKING_MESSAGES.address;
  if (!loggedIn) return BOOKING_MESSAGES.login;
  return null;
}

/** The request; `staffId` only when a member is chosen (absent = anyone available). */
export function buildBookingPayload(serviceId: string, v: BookingFormValues): BookingRequest {
  return {
    serviceId,
    ...(v.staffId ? { staffId: v.staffId } : {}),
    date: v.date,
    time: v.time,
    notes: v.notes.trim(),
    customerName: v.customerName.trim(),
    customerEmail: v.customerEmail.trim(),
    customerPhone: v.customerPhone.trim(),
    customerAddress: v.customerAddress.trim(),
  };
}
