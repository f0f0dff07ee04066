import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Appointment } from '@slotwise/shared-contract';
import { ApiError, useSession } from '@slotwise/shared-data-access';
import { Button, buttonClass, ErrorBanner, Page, PageHeader, Spinner, SuccessBanner } from '@slotwise/shared-ui';
import { APPOINTMENT_UPDATED_KEY, formatZonedDateTime, failureMessage } from '@slotwise/shared-util';
import { AppointmentCard } from '@slotwise/booking-ui';
import { useAppointment, useReschedule } from '../api/appointment-api';
import { CHANGE_MESSAGES, rescheduleBlocked } from './appointment-list';
import { RescheduleSlots } from './RescheduleSlots';
import { memberNotFree, RESCHEDULE_MESSAGES, validateReschedulePage } from './reschedule-rules';
import { ANY_STAFF, AnyoneAvailableOffer, useRescheduleStaff } from './RescheduleStaff';

export const NO_APPOINTMENT_ID = CHANGE_MESSAGES.noId;

/** /reschedule?id={appointmentId} (login required). */
export function ReschedulePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { token } = useSession();
  const appointment = useAppointment(id);
  let body;
  if (!id) body = <ErrorBanner>{NO_APPOINTMENT_ID}</ErrorBanner>;
  else if (!token) body = <ErrorBanner>{CHANGE_MESSAGES.notLoggedIn}</ErrorBanner>;
  else if (appointment.isPending) body = <Spinner label="Loading appointment…" />;
  else if (appointment.isError)
    body = (
      <ErrorBanner>
        {appointment.error instanceof ApiError && appointment.error.status === 404
          ? RESCHEDULE_MESSAGES.notFound
          : RESCHEDULE_MESSAGES.loadFailed}
      </ErrorBanner>
    );
  else body = <RescheduleForm appointment={appointment.data} />;
  return (
    <Page>
      <PageHeader title="Reschedule Appointment" />
      {body}
    </Page>
  );
}

function RescheduleForm({ appointment: a }: { appointment: Appointment }) {
  const [now] = useState(() => new Date());
  const reschedule = useReschedule();
  const [{ date, time }, setChoice] = useState({ date: '', time: '' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Appointment | null>(null);
  const { staffId, choice } = useRescheduleStaff(a);
  /** the 409 saying the member is not free, while "Anyone available" is offered */
  const [notFree, setNotFree] = useState<string | null>(null);

  const blocked = rescheduleBlocked(a, now);

  const send = (member: string) =>
    reschedule.mutate(
      { id: a._id, date, time, staffId: member || undefined },
      {
        onSuccess: (r) => {
          localStorage.setItem(APPOINTMENT_UPDATED_KEY, 'true');
          setDone(r.appointment);
        },
        onError: (err) => {
          const busy = member !== ANY_STAFF ? memberNotFree(err) : null;
          if (busy) setNotFree(busy);
          else setError(failureMessage(err, RESCHEDULE_MESSAGES.pageFailed));
        },
      },
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const msg = validateReschedulePage({ date, time }, a);
    setError(msg);
    if (msg) return;
    send(staffId);
  };

  if (done) {
    return (
      <div className="space-y-4">
        <SuccessBanner>
          Your appointment is now on {formatZonedDateTime(done.date, done.time)}
          {done.staffName && done.staffName !== a.staffName ? ` with ${done.staffName}` : ''}.
        </SuccessBanner>
        <div className="flex gap-2">
          <Link to="/calendar?fromReschedule=true" className={buttonClass('primary')}>
            View Calendar
          </Link>
          <Link to="/dashboard" className={buttonClass('secondary')}>
            Go to Dashboard
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <section aria-label="Current appointment" className="max-w-md">
        <h2 className="mb-2 font-semibold">Current appointment</h2>
        <AppointmentCard appointment={a} now={now} />
      </section>
      {blocked ? (
        <ErrorBanner>{blocked}</ErrorBanner>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-6">
          <div className="max-w-sm">{choice}</div>
          <RescheduleSlots appointment={a} now={now} value={{ date, time }} onChange={setChoice} staffId={staffId} />
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <Button type="submit" disabled={!date || !time || reschedule.isPending}>
            {reschedule.isPending ? 'Rescheduling…' : 'Reschedule'}
          </Button>
        </form>
      )}
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
    </div>
  );
}
