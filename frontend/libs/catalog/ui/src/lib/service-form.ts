// The Add/Edit Service form (docs/product.md#validation 'Service form', #constants): validation in the documented order,
// the payload of POST/PATCH /services, and the time-slot generator.
import type { Service, ServiceRequest } from '@slotwise/shared-contract';

export const SERVICE_FORM_MESSAGES = {
  name: 'Service name is required',
  description: 'Description is required',
  company: 'Company name is required',
  address: 'Address is required',
  city: 'City is required',
  contact: 'Contact is required',
  contactFormat: 'Enter a valid email or 10-digit phone number',
  price: 'Price must be a positive number',
  duration: 'Duration must be at least 5 minutes',
  category: 'Category is required',
  imageUrl: 'Enter a valid image URL',
  slots: 'At least one time slot is required',
  slotRange: 'Enter valid time range and slot duration',
  slotOrder: 'Start time must be before end time',
} as const;

/** Server-failure fallbacks (docs/product.md#messages). */
export const SERVICE_SAVE_ERRORS = {
  add: 'Failed to add service',
  update: 'Failed to update service',
  generic: 'Something went wrong.',
} as const;

export const MIN_SERVICE_DURATION = 5;
export const MIN_SERVICE_PRICE = 0;

export interface ServiceFormValues {
  name: string;
  category: string;
  description: string;
  /** as typed */
  price: string;
  /** minutes, as typed */
  duration: string;
  /** company name */
  provider: string;
  address: string;
  city: string;
  contact: string;
  imageUrl: string;
  /** 'HH:MM', 24-hour */
  timeSlots: string[];
  /** how far ahead a slot must be booked, minutes as a string ('0': up to its start) */
  minNoticeMinutes: string;
  /** minutes kept free between two appointments, as a string ('0': none) */
  bufferMinutes: string;
}

/** The minimum notices a provider picks from (the server takes 0 to 10080 minutes). */
export const MIN_NOTICE_CHOICES: { minutes: number; label: string }[] = [
  { minutes: 0, label: 'Up to the start time' },
  { minutes: 30, label: '30 minutes ahead' },
  { minutes: 60, label: '1 hour ahead' },
  { minutes: 120, label: '2 hours ahead' },
  { minutes: 240, label: '4 hours ahead' },
  { minutes: 720, label: '12 hours ahead' },
  { minutes: 1440, label: '1 day ahead' },
  { minutes: 2880, label: '2 days ahead' },
];

/** The gaps between appointments a provider picks from (the server takes 0 to 120 minutes). */
export const BUFFER_CHOICES: { minutes: number; label: string }[] = [
  { minutes: 0, label: 'No gap' },
  { minutes: 5, label: '5 minutes' },
  { minutes: 10, label: '10 minutes' },
  { minutes: 15, label: '15 minutes' },
  { minutes: 30, label: '30 minutes' },
  { minutes: 45, label: '45 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 90, label: '1 hour 30 minutes' },
  { minutes: 120, label: '2 hours' },
];

export const emptyServiceForm = (provider = ''): ServiceFormValues => ({
  name: '',
  category: '',
  description: '',
  price: '',
  duration: '',
  provider,
  address: '',
  city: '',
  contact: '',
  imageUrl: '',
  timeSlots: [],
  minNoticeMinutes: '0',
  bufferMinutes: '0',
});

/** Split 'address, city' at its last comma (an address may hold commas itself). */
export function splitLocation(location: string | undefined): { address: string; city: string } {
  const s = (location ?? '').trim();
  const i = s.lastIndexOf(',');
  if (i < 0) return { address: s, city: '' };
  return { address: s.slice(0, i).trim(), city: s.slice(i + 1).trim() };
}

export function serviceFormFromService(s: Service): ServiceFormValues {
  const { address, city } = splitLocation(s.location);
  return {
    name: s.name ?? '',
    category: s.category ?? '',
    description: s.description ?? '',
    price: String(s.price ?? ''),
    duration: String(s.duration ?? ''),
    provider: s.provider ?? '',
    address,
    city,
    contact: s.contact ?? '',
    imageUrl: s.imageUrl ?? '',
    timeSlots: [...(s.timeSlots ?? [])],
    minNoticeMinutes: String(s.minNoticeMinutes ?? 0),
    bufferMinutes: String(s.bufferMinutes ?? 0),
  };
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\d{10}$/;

export function isValidContact(contact: string): boolean {
  const c = contact.trim();
  return EMAIL_RE.test(c) || PHONE_RE.test(c);
}

export function isValidImageUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** A numeric field: a finite number typed in full ('', ' ', '12abc' are not numbers). */
function numberOf(value: string): number | null {
  const t = value.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The service form checks of docs/product.md#validation, in that order; null when valid. */
export function validateServiceForm(v: ServiceFormValues): string | null {
  const m = SERVICE_FORM_MESSAGES;
  if (!v.name.trim()) return m.name;
  if (!v.description.trim()) return m.description;
  if (!v.provider.trim()) return m.company;
  if (!v.address.trim()) return m.address;
  if (!v.city.trim()) return m.city;
  if (!v.contact.trim()) return m.contact;
  if (!isValidContact(v.contact)) return m.contactFormat;
  const price = numberOf(v.price);
  if (price === null || price < MIN_SERVICE_PRICE) return m.price;
  const duration = numberOf(v.duration);
  if (duration === null || duration < MIN_SERVICE_DURATION) return m.duration;
  if (!v.category.trim()) return m.category;
  if (v.imageUrl.trim() && !isValidImageUrl(v.imageUrl)) return m.imageUrl;
  if (v.timeSlots.length === 0) return m.slots;
  return null;
}

/** POST /services and PATCH /services/{id} body (docs/product.md#the-api); text trimmed, location 'address, city'. */
export function buildServicePayload(v: ServiceFormValues): ServiceRequest {
  return {
    name: v.name.trim(),
    category: v.category.trim(),
    description: v.description.trim(),
    price: Number(v.price.trim()),
    duration: Number(v.duration.trim()),
    provider: v.provider.trim(),
    location: `${v.address.trim()}, ${v.city.trim()}`,
    contact: v.contact.trim(),
    imageUrl: v.imageUrl.trim(),
    timeSlots: [...v.timeSlots],
    minNoticeMinutes: Number(v.minNoticeMinutes) || 0,
    bufferMinutes: Number(v.bufferMinutes) || 0,
  };
}

/** Minutes after midnight of a 24-hour 'HH:MM' (as an <input type="time"> gives it); null if malformed. */
export function minutesOfDay(hhmm: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

export function formatHhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export type SlotGeneration = { slots: string[]; error?: undefined } | { slots?: undefined; error: string };

/**
 * The slot generator (docs/product.md#validation): from start up to but excluding end, stepping by the slot
 * length, in 24-hour HH:MM. Needs start, end and a length above 0; start before end.
 */
export function generateSlots(start: string, end: string, lengthMinutes: number | string): SlotGeneration {
  const from = minutesOfDay(start);
  const to = minutesOfDay(end);
  const step = typeof lengthMinutes === 'number' ? lengthMinutes : numberOf(lengthMinutes);
  if (from === null || to === null || step === null || !Number.isFinite(step) || step <= 0) {
    return { error: SERVICE_FORM_MESSAGES.slotRange };
  }
  if (from >= to) return { error: SERVICE_FORM_MESSAGES.slotOrder };
  const slots: string[] = [];
  for (let t = from; t < to; t += step) slots.push(formatHhmm(Math.floor(t)));
  return { slots };
}

/** Add generated slots to the ones already chosen: no duplicates, in time order. */
export function mergeSlots(current: string[], added: string[]): string[] {
  const all = new Set([...current, ...added]);
  return [...all].sort((a, b) => (minutesOfDay(a) ?? 0) - (minutesOfDay(b) ?? 0));
}
