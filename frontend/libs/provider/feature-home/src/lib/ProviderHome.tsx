import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '@slotwise/shared-contract';
import { useSession } from '@slotwise/shared-data-access';
import { buttonClass, ErrorBanner, Icon, Page, Skeleton, Spinner, Stars, StatusBadge } from '@slotwise/shared-ui';
import { formatDate, formatDateTime, reviewerName, STATUS_LABELS } from '@slotwise/shared-util';
import { useAppointments, useMyStaff, useProviderReviews, useProviderStatus } from '@slotwise/booking-data-access';
import { ProviderActions, withStaff } from '@slotwise/booking-ui';
import { useMyServices } from '@slotwise/catalog-data-access';
import { useNotificationCenter } from '@slotwise/notification-data-access';
import { NotificationList } from '@slotwise/notification-ui';
import { averageDuration, pendingRequests, providerStats, providerUpcoming, toComplete } from './provider-home-rules';
import { AvailabilityCard } from './AvailabilityCard';
import { QueueNote, QueueSwitch } from './QueueSwitch';

/** How many of the business's latest reviews the home shows (all are on the dashboard). */
const LATEST_REVIEWS = 3;

const QUICK_ACCESS = [
  { to: '/add-service', icon: 'plus', label: 'Add Service' },
  { to: '/my-services', icon: 'grid', label: 'My Services' },
  { to: '/provider-services', icon: 'briefcase', label: 'Service Catalog' },
  { to: '/calendar', icon: 'calendar', label: 'Calendar' },
  { to: '/profile', icon: 'users', label: 'Profile' },
];

const card = 'rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm dark:border-slate-700';

/**
 * Provider home (docs/product.md#screens-and-routes, #states-and-transitions, #constants): hero stats, three upcoming appointments, daily snapshot,
 * availability with a 30-day mini calendar, the request queue (Accept → scheduled, Decline →
 * cancelled) and the started ones to mark (Mark Completed, Mark No-show), the provider's
 * notifications, quick access and the business's latest reviews. It follows new requests without a
 * reload: the navbar's notification poll refreshes the appointments (useRefreshOnNotification).
 */
export function ProviderHome() {
  const { user } = useSession();
  const business = user?.providerInfo?.businessName;
  const appts = useAppointments();
  // "with <member>" only for a team of several: a business of one looks as before.
  const team = (useMyStaff().data?.length ?? 0) > 1;
  const services = useMyServices();
  const setStatus = useProviderStatus();
  const notifications = useNotificationCenter();

  // Read again with every refresh of the list, so a request that has since started offers its outcome.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the refresh is the trigger to read the clock again
  const now = useMemo(() => new Date(), [appts.dataUpdatedAt]);
  const list = useMemo(() => appts.data ?? [], [appts.data]);
  const stats = providerStats(list, now);
  const upcoming = providerUpcoming(list, now);
  const pending = pendingRequests(list);
  const finishing = toComplete(list, now);
  const avg = averageDuration(services.data ?? []);
  const act = (a: Appointment) => (status: Appointment['status'], reason: string) => setStatus.mutateAsync({ id: a._id, status, reason });

  const statValue = (n: number) => (appts.isPending ? <Skeleton className="h-7 w-8" /> : appts.isError ? '—' : String(n));

  return (
    <Page>
      <section className="rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-600 p-8 text-white">
        <h1 className="text-3xl font-bold">Welcome back{user ? `, ${user.fullName}` : ''}!</h1>
        {business && <p className="mt-1 text-indigo-100">{business}</p>}
        <dl className="mt-6 grid gap-4 sm:grid-cols-3" data-testid="provider-stats">
          <div className="rounded-xl bg-white/10 p-4">
            <dt className="text-sm text-indigo-100">Today's appointments</dt>
            <dd className="text-2xl font-bold" data-testid="stat-today">{statValue(stats.today)}</dd>
          </div>
          <div className="rounded-xl bg-white/10 p-4">
            <dt className="text-sm text-indigo-100">No-shows</dt>
            <dd className="text-2xl font-bold" data-testid="stat-no-shows">{statValue(stats.noShows)}</dd>
          </div>
          <div className="rounded-xl bg-white/10 p-4">
            <dt className="text-sm text-indigo-100">Average duration (min)</dt>
            <dd className="text-2xl font-bold" data-testid="stat-avg-duration">{services.isPending ? <Skeleton className="h-7 w-8" /> : avg}</dd>
          </div>
        </dl>
        {appts.isError && <p className="mt-4 rounded-lg bg-white/15 px-3 py-2 text-sm">Could not load activity stats.</p>}
      </section>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section className={`${card} lg:col-span-2`} aria-labelledby="upcoming-h">
          <div className="mb-4 flex items-center justify-between">
            <h2 id="upcoming-h" className="text-xl font-semibold">Upcoming Appointments</h2>
            <Link to="/calendar" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-300">
              View calendar →
            </Link>
          </div>
          {appts.isPending ? (
            <Spinner />
          ) : appts.isError ? (
            <ErrorBanner>Could not load upcoming appointments.</ErrorBanner>
          ) : upcoming.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-300">No upcoming appointments.</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="upcoming-list">
              {upcoming.map((a) => (
                <li key={a._id} data-appointment-id={a._id} className="flex items-center justify-between gap-4 py-3">
                  <div>
                    <p className="font-medium">{a.serviceName}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {a.customerName || a.customerEmail} · {formatDateTime(a.date, a.time)}
                      {withStaff(a.staffName, team) && ` · ${withStaff(a.staffName, team)}`}
                    </p>
                  </div>
                  <StatusBadge tone="brand">{STATUS_LABELS[a.status]}</StatusBadge>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className={card} aria-labelledby="snapshot-h">
          <h2 id="snapshot-h" className="mb-4 text-xl font-semibold">Daily Snapshot</h2>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
              <dt className="text-slate-500 dark:text-slate-400">Today</dt>
              <dd className="text-xl font-semibold">{statValue(stats.today)}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
              <dt className="text-slate-500 dark:text-slate-400">Pending</dt>
              <dd className="text-xl font-semibold">{statValue(stats.pending)}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
              <dt className="text-slate-500 dark:text-slate-400">Completed</dt>
              <dd className="text-xl font-semibold">{statValue(stats.completed)}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
              <dt className="text-slate-500 dark:text-slate-400">Services</dt>
              <dd className="text-xl font-semibold">{services.data?.length ?? <Skeleton className="h-7 w-8" />}</dd>
            </div>
          </dl>
          <p className="mt-4 text-sm">
            {formatDate(new Date().toISOString())}
          </p>
        </section>

        <AvailabilityCard list={list} now={now} />

        <section className={card} aria-labelledby="queue-h" data-testid="queue-card">
          <div className="mb-3 flex items-center justify-between">
            <h2 id="queue-h" className="text-xl font-semibold">Queue Management</h2>
            <QueueSwitch />
          </div>
          <QueueNote />
          <h3 className="mb-2 text-sm font-semibold">Pending Requests ({pending.length})</h3>
          {appts.isPending ? (
            <Spinner />
          ) : pending.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">No pending requests.</p>
          ) : (
            // Height-limited: a long queue scrolls inside the card instead of stretching its row; tabIndex lets the
            // keyboard scroll it (axe scrollable-region-focusable), and it stays a list for screen readers.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            <ul className="max-h-80 space-y-3 overflow-y-auto pr-1" data-testid="pending-requests" tabIndex={0} aria-label="Pending requests">
              {pending.map((a) => (
                <li key={a._id} data-appointment-id={a._id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                  <p className="font-medium">{a.serviceName}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {a.customerName || a.customerEmail} · {formatDateTime(a.date, a.time)}
                      {withStaff(a.staffName, team) && ` · ${withStaff(a.staffName, team)}`}
                  </p>
                  {a.status !== 'pending' && <p className="text-xs text-slate-600 dark:text-slate-300">New time asked by the customer</p>}
                  <div className="mt-2">
                    <ProviderActions appointment={a} now={now} onAct={act(a)} failedMessage="Failed to update request. Check your connection and try again." />
                  </div>
                </li>
              ))}
            </ul>
          )}
          {finishing.length > 0 && (
            <>
              <h3 className="mb-2 mt-4 text-sm font-semibold">To Complete ({finishing.length})</h3>
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable list, as above */}
              <ul className="max-h-80 space-y-3 overflow-y-auto pr-1" data-testid="to-complete" tabIndex={0} aria-label="Appointments to complete">
                {finishing.map((a) => (
                  <li key={a._id} data-appointment-id={a._id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                    <p className="font-medium">{a.serviceName}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {a.customerName || a.customerEmail} · {formatDateTime(a.date, a.time)}
                      {withStaff(a.staffName, team) && ` · ${withStaff(a.staffName, team)}`}
                    </p>
                    <div className="mt-2">
                      <ProviderActions appointment={a} now={now} onAct={act(a)} failedMessage="Failed to update status. Check your connection and try again." />
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>

        <section className={card} aria-labelledby="notifications-h">
          <h2 id="notifications-h" className="mb-4 text-xl font-semibold">Notifications</h2>
          <NotificationList center={notifications} />
        </section>
      </div>

      <section className="mt-8" aria-labelledby="quick-h">
        <h2 id="quick-h" className="mb-4 text-xl font-semibold">Quick Access</h2>
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {QUICK_ACCESS.map((q) => (
            <Link key={q.to} to={q.to} className={`${buttonClass('secondary')} py-3`}>
              <Icon name={q.icon} className="h-5 w-5" />
              {q.label}
            </Link>
          ))}
        </div>
      </section>

      <LatestReviews />
    </Page>
  );
}

/** The business's latest reviews (GET /reviews/provider, newest first), or what to expect before the first. */
function LatestReviews() {
  const reviews = useProviderReviews();
  const latest = (reviews.data?.reviews ?? []).slice(0, LATEST_REVIEWS);
  return (
    <section className="mt-8" aria-labelledby="reviews-h" data-testid="latest-reviews">
      <h2 id="reviews-h" className="mb-4 text-xl font-semibold">What Customers Say</h2>
      {reviews.isPending ? (
        <Skeleton className="h-32" />
      ) : reviews.isError ? (
        <ErrorBanner>Could not load reviews</ErrorBanner>
      ) : latest.length === 0 ? (
        <p className={`${card} text-slate-600 dark:text-slate-300`}>No reviews yet. Customers can review a visit once it is completed; the latest appear here.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          {latest.map((r) => (
            <figure key={r._id} className={card}>
              <Stars rating={r.rating} />
              <blockquote className="mt-2 break-words text-slate-700 dark:text-slate-200">“{r.comment}”</blockquote>
              <figcaption className="mt-3 text-sm">
                <span className="font-semibold">{reviewerName(r)}</span> · {r.serviceName} · {formatDate(r.createdAt)}
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}
