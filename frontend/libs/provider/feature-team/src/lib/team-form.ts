// The team member form (docs/product.md "Team members"): its values, the checks the server also
// makes (catalog-svc answers 400 with the same meaning), and the request it sends.
import type { StaffCreateRequest, StaffMember, StaffUpdateRequest, WorkingHours } from '@slotwise/shared-contract';

/** Weekdays as the contract numbers them (0 = Sunday), in the order the form shows them (Monday first). */
export const WEEKDAYS: ReadonlyArray<{ day: number; short: string; long: string }> = [
  { day: 1, short: 'Mon', long: 'Monday' },
  { day: 2, short: 'Tue', long: 'Tuesday' },
  { day: 3, short: 'Wed', long: 'Wednesday' },
  { day: 4, short: 'Thu', long: 'Thursday' },
  { day: 5, short: 'Fri', long: 'Friday' },
  { day: 6, short: 'Sat', long: 'Saturday' },
  { day: 0, short: 'Sun', long: 'Sunday' },
];

export const NAME_MAX = 80;

export const TEAM_MESSAGES = {
  nameRequired: "Enter the member's name.",
  nameTooLong: `A name is at most ${NAME_MAX} characters.`,
  email: 'Enter a valid email address, or leave it empty.',
  time: 'Times are HH:MM, from 00:00 to 24:00.',
  order: 'The end must be after the start.',
  services: 'Choose at least one service.',
  days: 'Turn on at least one working day.',
  fix: 'Please fix the highlighted fields.',
} as const;

export interface DayHours {
  weekday: number;
  on: boolean;
  from: string;
  to: string;
}

export interface MemberFormValues {
  name: string;
  email: string;
  serviceIds: string[];
  /** one entry per weekday, in WEEKDAYS order */
  days: DayHours[];
}

export interface MemberFormErrors {
  name?: string;
  email?: string;
  services?: string;
  /** no day on */
  days?: string;
  /** by weekday */
  hours?: Record<number, string>;
}

const DEFAULT_FROM = '09:00';
const DEFAULT_TO = '17:00';

/** A new member: Monday to Saturday 09:00–17:00, no service yet. */
export function emptyMemberForm(): MemberFormValues {
  return {
    name: '',
    email: '',
    serviceIds: [],
    days: WEEKDAYS.map(({ day }) => ({ weekday: day, on: day !== 0, from: DEFAULT_FROM, to: DEFAULT_TO })),
  };
}

/** The form filled from a member; a day off keeps the usual hours ready for when it is turned on. */
export function memberFormOf(m: StaffMember): MemberFormValues {
  return {
    name: m.name,
    email: m.email,
    serviceIds: [...m.serviceIds],
    days: WEEKDAYS.map(({ day }) => {
      const h = m.hours.find((x) => x.weekday === day);
      return h ? { weekday: day, on: true, from: h.from, to: h.to } : { weekday: day, on: false, from: DEFAULT_FROM, to: DEFAULT_TO };
    }),
  };
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Minutes since midnight of a valid HH:MM ("24:00" is 1440). */
export const minutesOf = (t: string): number => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * Every problem of the form, by field; an empty object when it may be sent. `offered` are the
 * services the form lists: one of them must be ticked (none listed: nothing to choose yet), and
 * one day must be on. catalog-svc reads an empty serviceIds or hours in a PATCH as "unchanged",
 * so an edit that cleared them would silently keep the old ones.
 */
export function validateMember(v: MemberFormValues, offered: readonly string[] = []): MemberFormErrors {
  const errors: MemberFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = TEAM_MESSAGES.nameRequired;
  else if ([...name].length > NAME_MAX) errors.name = TEAM_MESSAGES.nameTooLong;
  const email = v.email.trim();
  if (email && !EMAIL.test(email)) errors.email = TEAM_MESSAGES.email;
  const hours: Record<number, string> = {};
  for (const d of v.days) {
    if (!d.on) continue;
    if (!HHMM.test(d.from) || !HHMM.test(d.to) || d.from === '24:00') hours[d.weekday] = TEAM_MESSAGES.time;
    else if (minutesOf(d.from) >= minutesOf(d.to)) hours[d.weekday] = TEAM_MESSAGES.order;
  }
  if (Object.keys(hours).length > 0) errors.hours = hours;
  if (offered.length > 0 && !v.serviceIds.some((id) => offered.includes(id))) errors.services = TEAM_MESSAGES.services;
  if (!v.days.some((d) => d.on)) errors.days = TEAM_MESSAGES.days;
  return errors;
}

export const hasErrors = (e: MemberFormErrors): boolean => Boolean(e.name || e.email || e.services || e.days || e.hours);

/** The hours the request carries: one entry per working day, Sunday first as the contract counts. */
export function hoursOf(v: MemberFormValues): WorkingHours[] {
  return v.days
    .filter((d) => d.on)
    .map((d) => ({ weekday: d.weekday, from: d.from, to: d.to }))
    .sort((a, b) => a.weekday - b.weekday);
}

/** POST /providers/me/staff (and, whole, PATCH …/{id}): the email only when given. */
export function buildMemberRequest(v: MemberFormValues): StaffCreateRequest {
  const email = v.email.trim();
  return { name: v.name.trim(), ...(email ? { email } : {}), serviceIds: [...v.serviceIds], hours: hoursOf(v) };
}

/**
 * The PATCH body of an edit: every field, the email as '' to clear it; the arrays replace the
 * member's. An empty array would mean "unchanged" to the server, so none is sent (validateMember
 * lets services be empty only when the provider has none to offer).
 */
export function buildMemberPatch(v: MemberFormValues): StaffUpdateRequest {
  const hours = hoursOf(v);
  return { name: v.name.trim(), email: v.email.trim(), ...(v.serviceIds.length > 0 ? { serviceIds: [...v.serviceIds] } : {}), ...(hours.length > 0 ? { hours } : {}) };
}

/**
 * A member's week in a line: days with the same hours grouped ("Mon–Fri 09:00–17:00 · Sat
 * 10:00–14:00"); "Every day, all day" for the owner's default; "No working hours" when none.
 */
export function hoursSummary(hours: readonly WorkingHours[]): string {
  const byDay = new Map(hours.map((h) => [h.weekday, `${h.from}–${h.to}`]));
  if (WEEKDAYS.every(({ day }) => byDay.get(day) === '00:00–24:00')) return 'Every day, all day';
  const groups: Array<{ first: string; last: string; range: string }> = [];
  let prev: { range: string } | null = null;
  for (const { day, short } of WEEKDAYS) {
    const range = byDay.get(day);
    if (!range) {
      prev = null;
      continue;
    }
    const g = groups[groups.length - 1];
    if (prev && g && g.range === range) g.last = short;
    else groups.push({ first: short, last: short, range });
    prev = { range };
  }
  if (groups.length === 0) return 'No working hours';
  return groups.map((g) => `${g.first === g.last ? g.first : `${g.first}–${g.last}`} ${g.range}`).join(' · ');
}

/** The choices of a time select: every quarter hour from 00:00 to 24:00, plus `current` when it is off the grid. */
export function timeOptions(current?: string): string[] {
  if (!current || !HHMM.test(current) || QUARTERS.includes(current)) return QUARTERS;
  return [...QUARTERS, current].sort();
}

const QUARTERS: string[] = Array.from({ length: 97 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);
