import { useState, type FormEvent } from 'react';
import type { Appointment } from '@slotwise/shared-contract';
import { Button, Dialog, ErrorBanner, toast } from '@slotwise/shared-ui';
import { APPOINTMENT_UPDATED_KEY, formatZonedDateTime, TOAST_MS, failureMessage } from '@slotwise/shared-util';
import { useReschedule } from '../api/appointment-api';
import { RescheduleSlots } from './RescheduleSlots';
import { memberNotFree, rescheduleModalFailed, validateRescheduleModal } from './reschedule-rules';
import { ANY_STAFF, AnyoneAvailableOffer, useRescheduleStaff } from './RescheduleStaff';

/**
 * Reschedule modal (docs/product.md#validation): the service's real free times after the current
 * appointment, in the same slot picker as the booking page and the reschedule page.
 */
export function RescheduleModal({ appointment: a, onClose }: { appointment: Appointment; onClose: () => void }) {
  const [now] = useState(() => new Date());
  const [{ date, time }, setChoice] = useState({ date: '', time: '' });
  const [error, setError] = useState<string | null>(null);
  const reschedule = useReschedule();
  const { staffId, choice } = useRescheduleStaff(a);
  const [notFree, setNotFree] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const msg = validateRescheduleModal({ date, time }, a, now);
    setError(msg);
    if (msg) return;
    send(staffId);
  };

  const send = (member: string) =>
    reschedule.mutate(
      { id: a._id, date, time, staffId: member || undefined },
      {
        onSuccess: (r) => {
          localStorage.setItem(APPOINTMENT_UPDATED_KEY, 'true');
          toast.success(r.message || 'Appointment rescheduled successfully', { duration: TOAST_MS });
          onClose();
        },
        onError: (err) => {
          const busy = member !== ANY_STAFF ? memberNotFree(err) : null;
          if (busy) setNotFree(busy);
          else setError(rescheduleModalFailed(failureMessage(err, 'Please try again.')));
        },
      },
    );

  return (
    <Dialog title="Reschedule Appointment" onClose={onClose}>
      <p className="mb-4 text-sm">
        Current: <strong>{a.serviceName}</strong> on {formatZonedDateTime(a.date, a.time)}
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        {choice}
        <RescheduleSlots appointment={a} now={now} value={{ date, time }} onChange={setChoice} staffId={staffId} />
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
      {notFree && (
        <AnyoneAvailableOffer
          message={notFree}
          onDismiss={() => setNotFree(null)}
          onAnyone={() => {
            setNotFree(null);
            send(ANY_STAFF);
          }}
        />
      )}
    </Dialog>
  );
}
