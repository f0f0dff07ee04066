import type { ReactNode } from 'react';
import type { Appointment, AppointmentStatus } from '@slotwise/shared-contract';
import { Button, StatusBadge, type BadgeTone } from '@slotwise/shared-ui';
import { withStaff } from './staff';
import { awaitsProvider, cancellationNote, displayStatus, displayTime, formatDate, reviewState, STATUS_LABELS } from '@slotwise/shared-util';

const TONE: Record<AppointmentStatus, BadgeTone> = {
  pending: 'warning',
  scheduled: 'info',
  confirmed: 'brand',
  'in-progress': 'cyan',
  completed: 'success',
  cancelled: 'neutral',
  rejected: 'danger',
  'no-show': 'orange',
};

/** An appointment status in its colour (status-badge). */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <StatusBadge tone={TONE[status] ?? 'warning'} testId="status-badge">
      {STATUS_LABELS[status] ?? status}
    </StatusBadge>
  );
}

/** The appointment date as 'Sun, 22 Nov 2026' (its wall-clock date, whatever the browser's zone). */
export function appointmentDateLabel(a: Appointment): string {
  return formatDate(a.date) || a.date;
}

interface Props {
  appointment: Appointment;
  now: Date;
  onOpen?: () => void;
  onLeaveReview?: () => void;
  /** extra buttons (reschedule, cancel…) */
  actions?: ReactNode;
  /** says "with <member>" (a service several members perform; a business of one looks as before) */
  showStaff?: boolean;
  /** the provider has closed the appointment's day since it was asked for (with their note) */
  closedDay?: { note: string };
}

/**
 * docs/product.md#screens-and-routes appointment card: service name, customer name or email, status badge (a past
 * scheduled/confirmed one shows as completed), date and time; whether it awaits the provider's answer,
 * who declined or cancelled it and why; Leave a Review or Reviewed.
 */
export function AppointmentCard({ appointment: a, now, onOpen, onLeaveReview, actions, showStaff = false, closedDay }: Props) {
  const status = displayStatus(a, now);
  const review = reviewState(a, now);
  const note = cancellationNote(a, 'customer');
  return (
    <article
      data-testid="appointment-card"
      data-appointment-id={a._id}
      className="min-w-0 rounded-xl border border-slate-200 bg-surface p-4 shadow-sm dark:border-slate-700"
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
        <AppointmentStatusBadge status={status} />
      </div>
      <p className="mt-2 text-sm">
        <span data-testid="appointment-date">{appointmentDateLabel(a)}</span> ·{' '}
        <span data-testid="appointment-time">{displayTime(a.time)}</span>
        {withStaff(a.staffName, showStaff) && <span data-testid="appointment-staff"> · {withStaff(a.staffName, showStaff)}</span>}
      </p>
      {a.provider && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {a.provider}
          {a.location ? ` · ${a.location}` : ''}
        </p>
      )}
      {closedDay && status !== 'completed' ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="card-closed-day">
          Closed that day{closedDay.note ? ` (${closedDay.note})` : ''}, please choose another time.
        </p>
      ) : (
        awaitsProvider(a) && status !== 'completed' && <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">Awaiting the provider's answer</p>
      )}
      {note && (
        <p className="mt-1 text-sm [overflow-wrap:anywhere]" data-testid="cancellation-note">
          {note}
        </p>
      )}
      {(review || actions) && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {review === 'review' && onLeaveReview && (
            <Button variant="accent" size="sm" onClick={onLeaveReview}>
              Leave a Review
            </Button>
          )}
          {review === 'reviewed' && <span className="text-sm font-medium text-green-700 dark:text-green-300">Reviewed</span>}
          {actions}
        </div>
      )}
    </article>
  );
}
