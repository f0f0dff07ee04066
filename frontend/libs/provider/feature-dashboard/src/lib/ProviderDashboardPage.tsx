import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { Appointment, AppointmentStatus, StaffMember } from '@slotwise/shared-contract';
import { ListPager, ProviderActions, StaffFilter, withStaff } from '@slotwise/booking-ui';
import { useSession } from '@slotwise/shared-data-access';
import { buttonClass, CLOSED_DAY_TONE, ErrorBanner, Icon, Page, PageHeader, Spinner, StatusBadge, Tabs } from '@slotwise/shared-ui';
import { availabilityWindow, awaitsProvider, cancellationNote, formatDateTime, STATUS_LABELS } from '@slotwise/shared-util';
import { useAppointments, useLinkedAppointment, useMyStaff, useProviderStatus, useProviderReviews } from '@slotwise/booking-data-access';
import { closureOn, useMyServices, useMySchedule } from '@slotwise/catalog-data-access';
import { bookingTab, BOOKING_TABS, inBookingTab, MINI_CALENDAR_DAYS, type BookingTab } from './booking-tabs';
import { ServiceManagement } from './ServiceManagement';
import { RatingsFeedback } from './RatingsFeedback';
import { card } from './styles';
import { AnalyticsSection } from './analytics/AnalyticsSection';
import { ReassignAction } from './Reassign';

/** `staffId`: the member filter ('' = everyone); `team`: the provider's members (owner first). */
function BookingDashboard({ staffId, team }: { staffId: string; team: readonly StaffMember[] }) {
  const appts = useAppointments(staffId);
  const showStaff = team.length > 1;
  const setStatus = useProviderStatus();
  const [tab, setTab] = useState<BookingTab>('Upcoming');
  /** the booking a notification linked to: its tab is opened and its row marked and scrolled to */
  const [linked, setLinked] = useState<string | null>(null);
  useLinkedAppointment(
    appts.data,
    useCallback((a: Appointment) => {
      setTab(BOOKING_TABS.find((t) => inBookingTab(a, t, new Date())) ?? 'All');
      setLinked(a._id);
    }, []),
  );
  const now = new Date();
  const rows = bookingTab(appts.data ?? [], tab, now);

  const act = (a: Appointment) => (status: AppointmentStatus, reason: string) => setStatus.mutateAsync({ id: a._id, status, reason });

  return (
    <section className={card} aria-labelledby="bookings-h">
      <h2 id="bookings-h" className="mb-4 text-xl font-semibold">Booking Dashboard</h2>
      <Tabs
        label="Bookings"
        value={tab}
        onChange={setTab}
        tabs={BOOKING_TABS.map((t) => ({
          value: t,
          label: (
            <>
              {t}
              <span className="ml-1">({bookingTab(appts.data ?? [], t, now).length})</span>
            </>
          ),
        }))}
      >
        {appts.isPending ? (
          <Spinner />
        ) : appts.isError ? (
          <ErrorBanner>Failed to load bookings.</ErrorBanner>
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-slate-600 dark:text-slate-300">No Bookings</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="booking-list">
            {rows.map((a) => (
              <li
                key={a._id}
                data-appointment-id={a._id}
                ref={a._id === linked ? (el) => el?.scrollIntoView?.({ block: 'center' }) : undefined}
                aria-current={a._id === linked ? 'true' : undefined}
                className={`flex flex-wrap items-center justify-between gap-3 py-3${a._id === linked ? ' rounded-md px-2 ring-2 ring-indigo-600' : ''}`}
                data-testid="booking-row"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {a.serviceName}{' '}
                    <span className="ml-1">
                      <StatusBadge tone="brand" testId="booking-status">
                        {STATUS_LABELS[a.status]}
                      </StatusBadge>
                    </span>
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {a.customerName} · {a.customerEmail} · {a.customerPhone}
                  </p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">
                    {formatDateTime(a.date, a.time)}
                    {withStaff(a.staffName, showStaff) && <span data-testid="booking-staff"> · {withStaff(a.staffName, showStaff)}</span>}
                    {a.customerAddress && ` · ${a.customerAddress}`}
                  </p>
                  {awaitsProvider(a) && a.status !== 'pending' && <p className="text-xs text-slate-600 dark:text-slate-300">New time asked by the customer</p>}
                  {cancellationNote(a, 'provider') && (
                    <p className="text-sm [overflow-wrap:anywhere]" data-testid="cancellation-note">
                      {cancellationNote(a, 'provider')}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  <ProviderActions appointment={a} now={now} onAct={act(a)} failedMessage="Failed to update status. Check your connection and try again." />
                  {showStaff && <ReassignAction appointment={a} team={team} now={now} />}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Tabs>
      {appts.isSuccess && (
        <div className="mt-4">
          <ListPager list={appts} direction="earlier" />
          <ListPager list={appts} direction="later" />
        </div>
      )}
    </section>
  );
}

function MiniCalendar() {
  const appts = useAppointments();
  const schedule = useMySchedule();
  const closures = schedule.data?.closures ?? [];
  const days = availabilityWindow(appts.data ?? [], new Date(), MINI_CALENDAR_DAYS);
  return (
    <section className={card} aria-labelledby="week-h">
      <h2 id="week-h" className="mb-4 text-xl font-semibold">Next 7 Days</h2>
      <ol className="grid grid-cols-7 gap-2" aria-label="7-day calendar">
        {days.map((d) => {
          const date = new Date(`${d.date}T00:00:00`);
          const booked = d.bookings > 0;
          // A day off reads as such, with the bookings still on it (the home page lists them to handle).
          const closed = closureOn(closures, d.date);
          const state = closed ? `closed${closed.note ? ` (${closed.note})` : ''}${booked ? `, ${d.bookings} booked` : ''}` : booked ? `${d.bookings} booked` : 'free';
          const tone = closed ? CLOSED_DAY_TONE : booked ? 'bg-indigo-600 text-white' : 'bg-slate-100 dark:bg-slate-700';
          return (
            <li key={d.date} aria-label={`${d.date}: ${state}`} data-closed={closed ? 'true' : undefined} className={`flex flex-col items-center rounded-lg p-2 text-xs ${tone}`}>
              <span>{date.toLocaleDateString('en-IN', { weekday: 'short' })}</span>
              <span className={`text-lg font-semibold ${closed ? 'line-through' : ''}`}>{date.getDate()}</span>
              {closed ? (
                <span className="text-[10px] font-semibold uppercase" aria-hidden="true">
                  Off
                </span>
              ) : (
                booked && <span className="h-1.5 w-1.5 rounded-full bg-white" aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ol>
      {schedule.isError && <p className="mt-3 text-sm text-rose-700 dark:text-rose-300">Could not load your days off.</p>}
    </section>
  );
}

/** The team in brief; the team page (/team) adds, edits and removes members. */
function ManageTeam({ team, failed }: { team: readonly StaffMember[]; failed: boolean }) {
  return (
    <section className={card} aria-labelledby="team-h" data-testid="team-card">
      <h2 id="team-h" className="mb-2 flex items-center gap-2 text-xl font-semibold">
        <Icon name="users" className="h-5 w-5" /> Manage Team Members
      </h2>
      {failed ? (
        <p className="text-sm text-rose-700 dark:text-rose-300">Could not load your team.</p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {team.length <= 1 ? 'Just you so far. Add the people who take bookings with you.' : `${team.length} members: ${team.map((m) => m.name).join(', ')}`}
        </p>
      )}
      <Link to="/team" className={`${buttonClass('secondary', 'sm')} mt-3`}>
        Manage team
      </Link>
    </section>
  );
}

/** /my-services — the provider dashboard (docs/product.md#screens-and-routes). */
export function ProviderDashboardPage() {
  const { user } = useSession();
  // Preload everything the dashboard shows in parallel.
  useMyServices();
  useProviderReviews();
  const staff = useMyStaff();
  const team = staff.data ?? [];
  const [picked, setPicked] = useState('');
  // A member removed meanwhile is no longer a filter.
  const staffId = team.some((m) => m._id === picked) ? picked : '';
  return (
    <Page>
      {/* The notification bell is the navbar's, on every screen. */}
      <PageHeader title="Provider Dashboard" subtitle={user?.providerInfo?.businessName || user?.fullName} />
      {/* One filter for the bookings and the analytics (docs/product.md "Team members"). */}
      <StaffFilter staff={team} value={staffId} onChange={setPicked} className="mb-6 max-w-xs" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <BookingDashboard staffId={staffId} team={team} />
          <AnalyticsSection staffId={staffId} />
          <ServiceManagement />
          <RatingsFeedback />
        </div>
        <div className="space-y-6">
          <MiniCalendar />
          <ManageTeam team={team} failed={staff.isError} />
        </div>
      </div>
    </Page>
  );
}
