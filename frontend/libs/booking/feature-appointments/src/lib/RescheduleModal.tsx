import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Appointment } from '@slotwise/shared-contract';
import { ApiError } from '@slotwise/shared-data-access';
import { ErrorBanner, Modal, inputClass, btn } from '@slotwise/shared-ui';
import { APPOINTMENT_UPDATED_KEY, businessDate, displayTime, sameTime, TOAST_MS } from '@slotwise/shared-util';
import { slotOpen, useAvailability } from '@slotwise/booking-data-access';
import { useReschedule } from '../api/appointment-api';
import { rescheduleModalFailed, rescheduleModalMinDate, rescheduleModalSlots, validateRescheduleModal } from './reschedule-rules';

/**
 * Reschedule modal (spec §5): a date no earlier than the later of today and the current
 * date, the default slot list (same day: only later times), each enabled only when the
 * service offers it and it is free.
 */
export function RescheduleModal({ appointment: a, onClose }: { appointment: Appointment; onClose: () => void }) {
  const [now] = useState(() => new Date());
  const min = rescheduleModalMinDate(businessDate(now), a.date);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const availability = useAvailability(date ? a.serviceId : null, date || undefined, 1);
  const reschedule = useReschedule();
  const daySlots = availability.data?.days?.[0]?.slots ?? [];
  const offered = (label: string) => {
    const s = daySlots.find((x) => sameTime(x.time, label));
    return s ? { ok: slotOpen(s, now), server: s.time } : { ok: false, server: label };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const msg = validateRescheduleModal({ date, time }, a, now);
    setError(msg);
    if (msg) return;
    reschedule.mutate(
      { id: a._id, date, time: offered(time).server },
      {
        onSuccess: (r) => {
          localStorage.setItem(APPOINTMENT_UPDATED_KEY, 'true');
          toast.success(r.message || 'Appointment rescheduled successfully', { duration: TOAST_MS });
          onClose();
        },
        onError: (err) => setError(rescheduleModalFailed(err instanceof ApiError ? err.message : 'Please try again.')),
      },
    );
  };

  return (
    <Modal title="Reschedule Appointment" onClose={onClose}>
      <p className="mb-4 text-sm">
        Current: <strong>{a.serviceName}</strong> on {a.date} at {displayTime(a.time)}
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <label className="block">
          <span className="mb-1 block text-sm font-medium">New Date</span>
          <input
            type="date"
            className={inputClass}
            min={min}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setTime('');
            }}
          />
        </label>
        {date && (
          <div role="group" aria-label="New time" className="grid grid-cols-3 gap-2">
            {rescheduleModalSlots(date, a).map((s) => {
              const { ok } = offered(s);
              return (
                <button
                  key={s}
                  type="button"
                  disabled={!ok}
                  aria-pressed={time === s}
                  onClick={() => setTime(s)}
                  className={`rounded-lg border px-2 py-1.5 text-sm ${
                    time === s ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 dark:border-slate-600'
                  } disabled:cursor-not-allowed disabled:opacity-40`}
                >
                  {s}
                </button>
              );
            })}
          </div>
        )}
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <div className="flex gap-2">
          <button type="submit" className={btn.primary} disabled={reschedule.isPending}>
            {reschedule.isPending ? 'Saving…' : 'Confirm Reschedule'}
          </button>
          <button type="button" className={btn.secondary} onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Modal>
  );
}
