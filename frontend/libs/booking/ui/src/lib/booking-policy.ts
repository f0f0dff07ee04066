// What a customer may do with a booking, as booking-svc enforces it: the one statement of the
// cancellation policy on every screen (no business stores a policy of its own). The rules:
// booking-svc/internal/booking/rules.go (customerCancellable, CustomerTransition: cancel a
// pending, scheduled or confirmed appointment before it starts; CheckReschedule: move it before
// it starts, to a later free slot within RescheduleWindowDays of the later of today and its date)
// and booking-svc/internal/booking/notice.go (the service's minimum notice, for booking and
// rescheduling alike). No payment is taken, so nothing is charged for a cancellation.

/** booking-svc's RescheduleWindowDays. */
export const RESCHEDULE_WINDOW_DAYS = 14;

/** '2 hours', '1 day 2 hours', '30 minutes': a notice in the words booking-svc's refusal uses (notice.go humanDuration). */
export function noticeWords(minutes: number): string {
  let left = Math.max(0, Math.floor(minutes));
  const parts: string[] = [];
  for (const [name, size] of [
    ['day', 24 * 60],
    ['hour', 60],
    ['minute', 1],
  ] as const) {
    const n = Math.floor(left / size);
    if (n > 0) {
      left -= n * size;
      parts.push(`${n} ${name}${n > 1 ? 's' : ''}`);
    }
  }
  return parts.join(' ');
}

/** The lines of the cancellation policy for a business and its service's minimum notice. */
export function cancellationPolicy(business: string, minNoticeMinutes: number): string[] {
  const who = business.trim() || 'The provider';
  const lines = [
    'Cancel any time before the appointment starts, at no charge (My Appointments → Cancel).',
    `Reschedule before it starts to a later free time within ${RESCHEDULE_WINDOW_DAYS} days.`,
    'Once it has started it can no longer be cancelled or moved.',
  ];
  if (minNoticeMinutes > 0) lines.push(`${who} takes bookings and new times at least ${noticeWords(minNoticeMinutes)} ahead.`);
  return lines;
}
