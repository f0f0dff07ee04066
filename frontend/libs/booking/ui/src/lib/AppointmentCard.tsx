import type { ReactNode } from 'react';
import type { Appointment, AppointmentStatus } from '@slotwise/shared-contract';
import { displayStatus, displayTime, formatLongDate, reviewState, STATUS_LABELS } from '@slotwise/shared-util';

const BADGE: Record<AppointmentStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100',
  scheduled: 'bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100',
  confirmed: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100',
  'in-progress': 'bg-cyan-100 text-cyan-800 dark:bg-cyan-900 dark:text-cyan-100',
  completed: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  cancelled: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
  'no-show': 'bg-orange-100 text-orange-800 dark:bg-orange-900 dark:text-orange-100',
};

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <span data-testid="status-badge" className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[status] ?? BADGE.pending}`}>
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}

/** The appointment date as '22 November 2026' (its wall-clock date, whatever the browser's zone). */
export function appointmentDateLabel(a: Appointment): string {
  return formatLongDate(`${a.date}T12:00:00`) || a.date;
}

interface Props {
  appointment: Appointment;
  now: Date;
  onOpen?: () => void;
  onLeaveReview?: () => void;
  /** extra buttons (reschedule, cancel…) */
  actions?: ReactNode;
}

/**
 * Spec §2 appointment card: service name, customer name or email, status badge (a past
 * scheduled/confirmed one shows as completed), date and time; Leave a Review or Reviewed.
 */
export function AppointmentCard({ appointment: a, now, onOpen, onLeaveReview, actions }: Props) {
  const status = displayStatus(a, now);
  const review = reviewState(a, now);
  return (
    <article
      data-testid="appointment-card"
      data-appointment-id={a._id}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold">
            {onOpen ? (
              <button type="button" onClick={onOpen} className="text-left hover:underline">
                {a.serviceName}
              </button>
            ) : (
              a.serviceName
            )}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{a.customerName || a.customerEmail}</p>
        </div>
        <StatusBadge status={status} />
      </div>
      <p className="mt-2 text-sm">
        <span data-testid="appointment-date">{appointmentDateLabel(a)}</span> ·{' '}
        <span data-testid="appointment-time">{displayTime(a.time)}</span>
      </p>
      {a.provider && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {a.provider}
          {a.location ? ` · ${a.location}` : ''}
        </p>
      )}
      {(review || actions) && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {review === 'review' && onLeaveReview && (
            <button type="button" onClick={onLeaveReview} className="rounded-lg bg-amber-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-600">
              Leave a Review
            </button>
          )}
          {review === 'reviewed' && <span className="text-sm font-medium text-green-700 dark:text-green-300">Reviewed</span>}
          {actions}
        </div>
      )}
    </article>
  );
}
