import { useState, type FormEvent } from 'react';
import type { Appointment } from '@slotwise/shared-contract';
import { ApiError } from '@slotwise/shared-data-access';
import { Button, Dialog, ErrorBanner, Field, Input, SlotPicker, toast } from '@slotwise/shared-ui';
import { APPOINTMENT_UPDATED_KEY, businessDate, formatDateTime, sameTime, TOAST_MS } from '@slotwise/shared-util';
import { slotOpen, useAvailability } from '@slotwise/booking-data-access';
import { useReschedule } from '../api/appointment-api';
import { rescheduleModalFailed, rescheduleModalMinDate, rescheduleModalSlots, validateRescheduleModal } from './reschedule-rules';

/**
 * Reschedule modal (docs/product.md#validation): a date no earlier than the later of today and the current
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
    <Dialog title="Reschedule Appointment" onClose={onClose}>
      <p className="mb-4 text-sm">
        Current: <strong>{a.serviceName}</strong> on {formatDateTime(a.date, a.time)}
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="New Date">
          <Input
            type="date"
            min={min}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setTime('');
            }}
          />
        </Field>
        {date && (
          <SlotPicker
            label="New time"
            columns="grid-cols-3"
            value={time}
            onChange={setTime}
            slots={rescheduleModalSlots(date, a).map((s) => ({ value: s, label: s, open: offered(s).ok }))}
          />
        )}
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <div className="flex gap-2">
          <Button type="submit" disabled={reschedule.isPending}>
            {reschedule.isPending ? 'Saving…' : 'Confirm Reschedule'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
