import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Appointment } from '@slotwise/shared-contract';
import { ApiError, useSession } from '@slotwise/shared-data-access';
import { ErrorBanner, Page, PageHeader, Spinner, SuccessBanner, btn } from '@slotwise/shared-ui';
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
          <Link to="/calendar?fromReschedule=true" className={btn.primary}>
            View Calendar
          </Link>
          <Link to="/dashboard" className={btn.secondary}>
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
          <fieldset>
            <legend className="mb-2 font-semibold">New date</legend>
            <div role="group" aria-label="New date" className="grid grid-cols-3 gap-2 sm:grid-cols-5 md:grid-cols-7">
              {dates.map((d) => (
                <button
                  key={d}
                  type="button"
                  data-date={d}
                  aria-pressed={date === d}
                  onClick={() => {
                    setDate(d);
                    setTime('');
                  }}
                  className={`rounded-lg border px-2 py-2 text-sm ${
                    date === d ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-700'
                  }`}
                >
                  {dayButtonLabel(d)}
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-2 font-semibold">New time</legend>
            {availability.isPending && <Spinner label="Loading free times…" />}
            <div role="group" aria-label="New time" className="grid grid-cols-3 gap-2 sm:grid-cols-5 md:grid-cols-9">
              {RESCHEDULE_PAGE_SLOTS.map((label) => {
                const s = slotFor(label);
                const ok = !!date && !!s && slotOpen(s, now);
                return (
                  <button
                    key={label}
                    type="button"
                    disabled={!ok}
                    aria-pressed={time === label}
                    onClick={() => setTime(label)}
                    className={`rounded-lg border px-2 py-2 text-sm ${
                      time === label ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 dark:border-slate-600'
                    } disabled:cursor-not-allowed disabled:opacity-40`}
                  >
                    {label}
                  </button>
                );
              })}
            </div>
          </fieldset>
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <button type="submit" className={btn.primary} disabled={!date || !time || reschedule.isPending}>
            {reschedule.isPending ? 'Rescheduling…' : 'Reschedule'}
          </button>
        </form>
      )}
    </div>
  );
}
