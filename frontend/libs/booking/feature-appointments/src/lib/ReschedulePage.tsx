import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Appointment } from '@slotwise/shared-contract';
import { ApiError, useSession } from '@slotwise/shared-data-access';
import { Button, buttonClass, DateStrip, ErrorBanner, Page, PageHeader, SlotPicker, Spinner, SuccessBanner } from '@slotwise/shared-ui';
import { APPOINTMENT_UPDATED_KEY, businessDate, displayTime, sameTime } from '@slotwise/shared-util';
import { slotOpen, useAvailability } from '@slotwise/booking-data-access';
import { AppointmentCard } from '@slotwise/booking-ui';
import { useAppointment, useReschedule } from '../api/appointment-api';
import { CHANGE_MESSAGES, rescheduleBlocked } from './appointment-list';
import {
  RESCHEDULE_MESSAGES,
  RESCHEDULE_PAGE_DAYS,
  RESCHEDULE_PAGE_SLOTS,
  reschedulePageDates,
  validateReschedulePage,
} from './reschedule-rules';

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

function dayButtonLabel(date: string) {
  const d = new Date(`${date}T12:00:00`);
  return d.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });
}

function RescheduleForm({ appointment: a }: { appointment: Appointment }) {
  const [now] = useState(() => new Date());
  const dates = reschedulePageDates(businessDate(now), a.date);
  const availability = useAvailability(a.serviceId, dates[0], RESCHEDULE_PAGE_DAYS);
  const reschedule = useReschedule();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Appointment | null>(null);

  const blocked = rescheduleBlocked(a, now);
  const day = availability.data?.days.find((d) => d.date === date);
  const slotFor = (label: string) => day?.slots.find((s) => sameTime(s.time, label));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const msg = validateReschedulePage({ date, time }, a);
    setError(msg);
    if (msg) return;
    reschedule.mutate(
      { id: a._id, date, time: slotFor(time)?.time ?? time },
      {
        onSuccess: (r) => {
          localStorage.setItem(APPOINTMENT_UPDATED_KEY, 'true');
          setDone(r.appointment);
        },
        onError: () => setError(RESCHEDULE_MESSAGES.pageFailed),
      },
    );
  };

  if (done) {
    return (
      <div className="space-y-4">
        <SuccessBanner>
          Your appointment is now on {done.date} at {displayTime(done.time)}.
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
          <fieldset className="min-w-0">
            <legend className="mb-2 font-semibold">New date</legend>
            <DateStrip
              label="New date"
              layout="grid"
              dates={dates.map((d) => ({ date: d, closed: availability.data?.days.find((x) => x.date === d)?.closed ?? false }))}
              value={date}
              onChange={(d) => {
                setDate(d);
                setTime('');
              }}
              renderDate={dayButtonLabel}
            />
          </fieldset>
          <fieldset className="min-w-0">
            <legend className="mb-2 font-semibold">New time</legend>
            {availability.isPending && <Spinner label="Loading free times…" />}
            <SlotPicker
              label="New time"
              columns="grid-cols-3 sm:grid-cols-5 md:grid-cols-9"
              value={time}
              onChange={setTime}
              slots={RESCHEDULE_PAGE_SLOTS.map((label) => {
                const s = slotFor(label);
                return { value: label, label, open: !!date && !!s && slotOpen(s, now) };
              })}
            />
          </fieldset>
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <Button type="submit" disabled={!date || !time || reschedule.isPending}>
            {reschedule.isPending ? 'Rescheduling…' : 'Reschedule'}
          </Button>
        </form>
      )}
    </div>
  );
}
