// The team day (docs/product.md "Calendar"): one column per team member for one day, each booking
// at its real start and length. Pure layout; TeamDayView draws it.
import type { Appointment } from '@slotwise/shared-contract';
import { displayStatus, formatTime12, parseTimeLabel, STATUS_LABELS } from '@slotwise/shared-util';
import { DEFAULT_EVENT_MINUTES } from './calendar-events';

const DAY_END = 24 * 60;

/** A booking placed in its member's column: minutes since midnight, and its lane among overlapping ones. */
export interface Placed {
  appointment: Appointment;
  start: number;
  end: number;
  /** 0-based lane; overlapping bookings of one member (which the server refuses, but old data may hold) sit side by side */
  lane: number;
  /** how many lanes its group of overlapping bookings needs */
  lanes: number;
}

/**
 * Places one member's bookings of one day: start from the booked wall-clock time, end after the
 * service's minutes (an hour when unknown), cut at midnight; overlapping ones share the width.
 */
export function placeDay(list: readonly Appointment[], durations?: ReadonlyMap<string, number>): Placed[] {
  const items = list
    .flatMap((a) => {
      const start = parseTimeLabel(a.time);
      if (start === null) return [];
      return [{ appointment: a, start, end: Math.min(DAY_END, start + (durations?.get(a.serviceId) ?? DEFAULT_EVENT_MINUTES)), lane: 0, lanes: 1 }];
    })
    .sort((x, y) => x.start - y.start || x.end - y.end);
  let group: Placed[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => group.forEach((p) => (p.lanes = laneEnds.length));
  for (const p of items) {
    if (p.start >= groupEnd) {
      close();
      group = [];
      laneEnds = [];
    }
    const free = laneEnds.findIndex((end) => end <= p.start);
    p.lane = free < 0 ? laneEnds.length : free;
    laneEnds[p.lane] = p.end;
    group.push(p);
    groupEnd = Math.max(groupEnd, p.end);
  }
  close();
  return items;
}

/** "10:00–10:30 AM", or "11:30 AM–12:30 PM" across noon. */
export function timeRange(start: number, end: number): string {
  const from = formatTime12(start);
  const to = formatTime12(end % DAY_END);
  const meridiem = (t: string) => t.slice(-2);
  return meridiem(from) === meridiem(to) ? `${from.slice(0, -3)}–${to}` : `${from}–${to}`;
}

/** What a screen reader says for a booking: "Meera, 10:00–11:00 AM, Haircut, Asha, Confirmed" (the visible text, in order, after the member). */
export function bookingLabel(member: string, p: Placed, now: Date): string {
  const a = p.appointment;
  return [member, timeRange(p.start, p.end), a.serviceName, a.customerName || a.customerEmail, statusLabel(a, now)].filter(Boolean).join(', ');
}

/** The status a booking shows (a past confirmed one as completed), as the appointment cards say it. */
export function statusLabel(a: Appointment, now: Date): string {
  const s = displayStatus(a, now);
  return STATUS_LABELS[s] ?? s;
}

/** Hour marks from min to max ("HH:MM:00" as visibleHours gives them), in minutes. */
export function hourMarks(min: string, max: string): number[] {
  const from = Number(min.slice(0, 2)) * 60;
  const to = Number(max.slice(0, 2)) * 60;
  const out: number[] = [];
  for (let m = from; m < to; m += 60) out.push(m);
  return out;
}
