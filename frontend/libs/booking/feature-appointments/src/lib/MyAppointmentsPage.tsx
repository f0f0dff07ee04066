import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Appointment } from '@slotwise/shared-contract';
import { Button, buttonClass, ChoiceDialog, DateField, EmptyState, ErrorBanner, Field, Input, Page, PageHeader, ReasonDialog, Select, Spinner, toast } from '@slotwise/shared-ui';
import { APPOINTMENT_STATUSES, canChange, formatDateTime, isPast, STATUS_LABELS, TOAST_MS, type SortKey, failureMessage } from '@slotwise/shared-util';
import { CALENDAR_EXPORT_FAILED, downloadAppointmentCalendar, useAppointments, useLinkedAppointment, useShowStaff } from '@slotwise/booking-data-access';
import { AppointmentCard, AppointmentDetailsModal, ListPager } from '@slotwise/booking-ui';
import { useCancelAppointment } from '../api/appointment-api';
import {
  appointmentStats,
  cancelBlocked,
  CHANGE_MESSAGES,
  emptyFilter,
  filterAppointments,
  rescheduleBlocked,
  swipeAction,
  type AppointmentFilter,
} from './appointment-list';
import { RescheduleModal } from './RescheduleModal';
import { WithClosedDay } from './ClosedDay';

/** /my-appointments (login required): stats, search, range, status, sort, cards, modals, swipes. */
export function MyAppointmentsPage() {
  const appointments = useAppointments();
  const showStaff = useShowStaff(appointments.data);
  const cancel = useCancelAppointment();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<AppointmentFilter>(emptyFilter);
  const [details, setDetails] = useState<Appointment | null>(null);
  const [rescheduling, setRescheduling] = useState<Appointment | null>(null);
  /** asked in a dialog: cancel this one? / reschedule or cancel this one (after a right swipe)? */
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [swiped, setSwiped] = useState<Appointment | null>(null);
  const [now] = useState(() => new Date());
  const touchX = useRef<number | null>(null);

  useLinkedAppointment(appointments.data, setDetails);
  const list = appointments.data ?? [];
  const stats = appointmentStats(list, now);
  const shown = filterAppointments(list, filter, now);
  const set = <K extends keyof AppointmentFilter>(k: K, v: AppointmentFilter[K]) => setFilter((f) => ({ ...f, [k]: v }));

  const doCancel = (a: Appointment) => {
    const blocked = cancelBlocked(a, now);
    if (blocked) {
      toast.error(blocked, { duration: TOAST_MS });
      return;
    }
    setCancelling(a);
  };

  const confirmCancel = (a: Appointment, reason: string) => {
    setCancelling(null);
    cancel.mutate({ id: a._id, reason }, {
      onSuccess: () => {
        setDetails(null);
        toast.success('Appointment cancelled', { duration: TOAST_MS });
      },
      onError: (err) => toast.error(failureMessage(err, 'Failed to cancel appointment. Please try again.'), { duration: TOAST_MS }),
    });
  };

  const startReschedule = (a: Appointment) => {
    const blocked = rescheduleBlocked(a, now);
    if (blocked) {
      toast.error(blocked, { duration: TOAST_MS });
      return;
    }
    setDetails(null);
    setRescheduling(a);
  };

  const onTouchEnd = (a: Appointment, x: number) => {
    if (touchX.current === null) return;
    const action = swipeAction(x - touchX.current, a, now);
    touchX.current = null;
    if (action === 'details') setDetails(a);
    if (action === 'reschedule-or-cancel') setSwiped(a);
  };

  const review = (a: Appointment) => navigate('/leave-review', { state: { appointmentId: a._id, serviceName: a.serviceName } });

  return (
    <Page>
      <PageHeader title="My Appointments" subtitle="Swipe left on a card for details, right to reschedule or cancel." />

      <section aria-label="Statistics" className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4">
        {(
          [
            ['Total', stats.total],
            ['Upcoming', stats.upcoming],
            ['Completed', stats.completed],
            ['Cancelled', stats.cancelled],
          ] as const
        ).map(([label, n]) => (
          <div key={label} data-testid={`stat-${label.toLowerCase()}`} className="rounded-xl border border-slate-200 p-4 text-center dark:border-slate-700">
            <div className="text-2xl font-bold">{n}</div>
            <div className="text-sm text-slate-600 dark:text-slate-300">{label}</div>
          </div>
        ))}
      </section>

      <section aria-label="Filters" className="mb-6 grid gap-3 md:grid-cols-5">
        <Field label="Search" className="md:col-span-2">
          <Input type="search" value={filter.search} onChange={(e) => set('search', e.target.value)} placeholder="Service, provider, location…" />
        </Field>
        <DateField label="From" value={filter.from} onChange={(iso) => set('from', iso)} />
        <DateField label="To" value={filter.to} onChange={(iso) => set('to', iso)} />
        <div className="grid grid-cols-2 gap-2">
          <Field label="Status">
            <Select value={filter.status} onChange={(e) => set('status', e.target.value)}>
              <option value="all">All</option>
              {APPOINTMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Sort by">
            <Select value={filter.sort} onChange={(e) => set('sort', e.target.value as SortKey)}>
              <option value="date">Date</option>
              <option value="time">Time</option>
              <option value="service">Service</option>
              <option value="status">Status</option>
            </Select>
          </Field>
        </div>
      </section>

      {appointments.isPending && <Spinner label="Loading appointments…" />}
      {appointments.isError && (
        <ErrorBanner>
          Failed to load appointments. Please try again.{' '}
          <button type="button" className="underline" onClick={() => void appointments.refetch()}>
            Retry
          </button>
        </ErrorBanner>
      )}
      {appointments.isSuccess && <ListPager list={appointments} direction="earlier" />}
      {appointments.isSuccess && shown.length === 0 && (
        <EmptyState
          action={
            <Link to="/services" className={buttonClass('primary')}>
              Book an appointment
            </Link>
          }
        >
          No appointments found
        </EmptyState>
      )}

      {/* The cards' titles are h3s: the list has its h2 (read by screen readers; axe heading-order). */}
      {shown.length > 0 && <h2 className="sr-only">Appointments</h2>}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {shown.map((a) => {
          const open = canChange(a, now);
          return (
            <div
              key={a._id}
              className="min-w-0"
              onTouchStart={(e) => (touchX.current = e.changedTouches[0].clientX)}
              onTouchEnd={(e) => onTouchEnd(a, e.changedTouches[0].clientX)}
            >
              <WithClosedDay appointment={a} now={now}>
                {(closed) => (
                  <AppointmentCard
                    appointment={a}
                    now={now}
                    showStaff={showStaff(a)}
                    closedDay={closed}
                    onOpen={() => setDetails(a)}
                    onLeaveReview={() => review(a)}
                    actions={
                      <>
                        {/* On a closed day the one thing to do is choose another time: Reschedule comes first. */}
                        {open && closed && (
                          <Button variant="primary" size="sm" onClick={() => startReschedule(a)}>
                            Reschedule
                          </Button>
                        )}
                        <Button variant="secondary" size="sm" onClick={() => setDetails(a)}>
                          Details
                        </Button>
                        {open && (
                          <>
                            {!closed && (
                              <Button variant="secondary" size="sm" onClick={() => startReschedule(a)}>
                                Reschedule
                              </Button>
                            )}
                            <Button variant="danger-outline" size="sm" onClick={() => doCancel(a)}>
                              Cancel
                            </Button>
                          </>
                        )}
                      </>
                    }
                  />
                )}
              </WithClosedDay>
            </div>
          );
        })}
      </div>
      {appointments.isSuccess && <ListPager list={appointments} direction="later" />}

      {details && (
        <AppointmentDetailsModal
          appointment={details}
          now={now}
          showStaff={showStaff(details)}
          onClose={() => setDetails(null)}
          onAddToCalendar={() => void downloadAppointmentCalendar(details).catch((err) => toast.error(failureMessage(err, CALENDAR_EXPORT_FAILED)))}
          actions={
            canChange(details, now) ? (
              <>
                <Button onClick={() => startReschedule(details)}>Reschedule</Button>
                <Link to={`/reschedule?id=${encodeURIComponent(details._id)}`} className={buttonClass('secondary')}>
                  Reschedule page
                </Link>
                <Button variant="secondary" onClick={() => doCancel(details)}>
                  Cancel Appointment
                </Button>
              </>
            ) : isPast(details, now) ? (
              // docs/product.md#validation: reschedule and cancel are disabled for past appointments, with their messages.
              <div className="space-y-2">
                <div className="flex flex-wrap gap-2">
                  <Button disabled title={CHANGE_MESSAGES.reschedulePast}>
                    Reschedule
                  </Button>
                  <Button variant="secondary" disabled title={CHANGE_MESSAGES.cancelPast}>
                    Cancel Appointment
                  </Button>
                </div>
                <p className="text-sm text-slate-600 dark:text-slate-300">{CHANGE_MESSAGES.reschedulePast}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">{CHANGE_MESSAGES.cancelPast}</p>
              </div>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-300">This appointment can no longer be changed.</p>
            )
          }
        />
      )}
      {cancelling && (
        <ReasonDialog
          title="Cancel appointment?"
          confirmLabel="Cancel Appointment"
          toldTo="The provider"
          onConfirm={(reason) => confirmCancel(cancelling, reason)}
          onCancel={() => setCancelling(null)}
        >
          <p>
            Cancel your {cancelling.serviceName} appointment on {formatDateTime(cancelling.date, cancelling.time)}?
          </p>
        </ReasonDialog>
      )}
      {swiped && (
        <ChoiceDialog
          title="Change this appointment?"
          onDismiss={() => setSwiped(null)}
          choices={[
            { label: 'Cancel it', variant: 'danger', onChoose: () => {
              setSwiped(null);
              doCancel(swiped);
            } },
            { label: 'Reschedule', onChoose: () => {
              setSwiped(null);
              startReschedule(swiped);
            } },
          ]}
        >
          <p>
            {swiped.serviceName} on {formatDateTime(swiped.date, swiped.time)}
          </p>
        </ChoiceDialog>
      )}
      {rescheduling && <RescheduleModal appointment={rescheduling} onClose={() => setRescheduling(null)} />}
    </Page>
  );
}
