// Business constants of docs/product.md#constants that more than one screen uses.

export const MIN_AGE = 10;
export const MAX_AGE = 120;

/** How long a toast stays up. */
export const TOAST_MS = 3000;

export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
] as const;

/** Set by a reschedule, read once by the calendar to refresh and say so (docs/product.md#states-and-transitions). */
export const APPOINTMENT_UPDATED_KEY = 'appointmentUpdated';
