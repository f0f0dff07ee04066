import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Appointment } from '@slotwise/shared-contract';
import { useLogout, useSession } from '@slotwise/shared-data-access';
import { Button, buttonClass, ErrorBanner, Page, Spinner, Tabs } from '@slotwise/shared-ui';
import { useAppointments, useShowStaff } from '@slotwise/booking-data-access';
import { AppointmentCard, ListPager } from '@slotwise/booking-ui';
import { DASHBOARD_TABS, historyList, recentBookings, tabList, type DashboardTab } from './dashboard-tabs';

/** /dashboard (login required): welcome, profile panel, Booked Services tabs, history, calendar link. */
export function DashboardPage() {
  const { user, loadingUser, role } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const appointments = useAppointments();
  const showStaff = useShowStaff(appointments.data);
  const [tab, setTab] = useState<DashboardTab>('Upcoming');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [now] = useState(() => new Date());
  if (loadingUser || !user) return <Page><Spinner /></Page>;

  const list = appointments.data ?? [];
  const isProvider = role === 'provider';
  const shown = tabList(list, tab, now, isProvider ? 'provider' : 'customer');
  const history = historyList(list, now);
  const review = (a: Appointment) =>
    navigate('/leave-review', { state: { appointmentId: a._id, serviceName: a.serviceName } });

  return (
    <Page>
      <h1 className="mb-6 text-3xl font-bold">Welcome, {user.fullName}!</h1>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
        <section className="min-w-0 self-start rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700">
          <h2 className="mb-3 text-lg font-semibold">Profile</h2>
          <p className="font-medium">{user.fullName}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">{user.phoneNumber}</p>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">{user.email}</p>
          <div className="mt-4 flex gap-2">
            <Link to="/profile" className={buttonClass('secondary')}>
              Edit Profile
            </Link>
            <Button variant="secondary" onClick={logout}>
              Logout
            </Button>
          </div>
          <Link to="/calendar" className="mt-6 inline-block text-indigo-600 hover:underline dark:text-indigo-300">
            Open calendar →
          </Link>
        </section>

        <div className="min-w-0 space-y-6 md:col-span-2">
          <section aria-labelledby="booked-services" className="rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700">
            <h2 id="booked-services" className="mb-3 text-lg font-semibold">
              Booked Services
            </h2>
            <Tabs label="Booked Services" value={tab} onChange={setTab} tabs={DASHBOARD_TABS.map((t) => ({ value: t, label: t }))}>
              {appointments.isPending && <Spinner label="Loading appointments…" />}
              {appointments.isError && <ErrorBanner>Failed to fetch appointments.</ErrorBanner>}
              {appointments.isSuccess && shown.length === 0 && (
                <p className="text-slate-600 dark:text-slate-300">No appointments found</p>
              )}
              <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
                {shown.map((a) => (
                  <AppointmentCard key={a._id} appointment={a} now={now} showStaff={showStaff(a)} onLeaveReview={isProvider ? undefined : () => review(a)} />
                ))}
              </div>
            </Tabs>
          </section>

          {isProvider && (
            <section aria-labelledby="recent-bookings" className="rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700">
              <h2 id="recent-bookings" className="mb-3 text-lg font-semibold">
                Recent Bookings
              </h2>
              {appointments.isError && <ErrorBanner>Failed to load recent bookings.</ErrorBanner>}
              {appointments.isSuccess && list.length === 0 && <p>No Bookings</p>}
              <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
                {recentBookings(list).map((a) => (
                  <AppointmentCard key={a._id} appointment={a} now={now} showStaff={showStaff(a)} />
                ))}
              </div>
            </section>
          )}

          <section className="rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700">
            <button
              type="button"
              aria-expanded={historyOpen}
              onClick={() => setHistoryOpen((o) => !o)}
              className="flex w-full items-center justify-between text-lg font-semibold"
            >
              Appointment History <span aria-hidden="true">{historyOpen ? '▴' : '▾'}</span>
            </button>
            {historyOpen && (
              <div className="mt-4 grid grid-cols-1 gap-3 lg:grid-cols-2">
                {history.length === 0 && <p className="text-slate-600 dark:text-slate-300">No appointments found</p>}
                {history.map((a) => (
                  <AppointmentCard key={a._id} appointment={a} now={now} showStaff={showStaff(a)} onLeaveReview={isProvider ? undefined : () => review(a)} />
                ))}
              </div>
            )}
            {historyOpen && appointments.isSuccess && (
              <div className="mt-4">
                <ListPager list={appointments} direction="earlier" />
              </div>
            )}
          </section>
        </div>
      </div>
    </Page>
  );
}
