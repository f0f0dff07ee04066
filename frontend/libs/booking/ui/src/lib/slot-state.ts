// Whether a slot of GET /services/{id}/availability can be picked, and why not: one rule for the
// booking page and both reschedule screens.
import type { DayAvailability, SlotAvailability } from '@slotwise/shared-contract';
import { noticeWords } from './booking-policy';

export interface SlotRules {
  now: Date;
  /** the service's minimum notice (booking-svc refuses a start closer than this to now) */
  minNoticeMinutes?: number;
  /** a reschedule: only a start after this instant (the current appointment's) may be picked */
  after?: Date | null;
}

export interface SlotState {
  open: boolean;
  /** why it cannot be picked; '' when it can */
  reason: string;
}

export const SLOT_REASONS = {
  closed: 'Closed',
  passed: 'This time has passed',
  notLater: 'Not after your current appointment',
  taken: 'Already booked',
} as const;

/** 'Book at least 2 hours ahead'. */
export const noticeReason = (minutes: number) => `Book at least ${noticeWords(minutes)} ahead`;

function startOf(s: SlotAvailability): number {
  const t = new Date(s.startsAt).getTime();
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
}

/**
 * A slot is open when the server says it is free, it starts after now (and after `after`), and the
 * day is not closed. The server marks a slot inside the minimum notice as not free; it is told
 * apart from a booked one by its start.
 */
export function slotState(s: SlotAvailability, day: Pick<DayAvailability, 'closed'>, rules: SlotRules): SlotState {
  const start = startOf(s);
  const now = rules.now.getTime();
  const notice = (rules.minNoticeMinutes ?? 0) * 60_000;
  if (day.closed) return { open: false, reason: SLOT_REASONS.closed };
  if (start <= now) return { open: false, reason: SLOT_REASONS.passed };
  if (rules.after && start <= rules.after.getTime()) return { open: false, reason: SLOT_REASONS.notLater };
  if (notice > 0 && start <= now + notice) return { open: false, reason: noticeReason(rules.minNoticeMinutes ?? 0) };
  if (!s.available) return { open: false, reason: SLOT_REASONS.taken };
  return { open: true, reason: '' };
}

/** Some slot of the day can be picked. */
export const dayOpen = (d: DayAvailability, rules: SlotRules): boolean => d.slots.some((s) => slotState(s, d, rules).open);

/** The first day with a slot to pick, else the first day; null when there are no days. */
export function firstOpenDay(days: readonly DayAvailability[], rules: SlotRules): DayAvailability | null {
  return days.find((d) => dayOpen(d, rules)) ?? days[0] ?? null;
}
