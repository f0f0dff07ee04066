import { Link } from 'react-router';
import { useLogout, useSession } from '@slotwise/data-access';
import { Page, Spinner, btn } from '@slotwise/ui';

/** /dashboard (login required): welcome line and profile panel; booked-services tabs arrive later. */
export function DashboardPage() {
  const { user, loadingUser } = useSession();
  const logout = useLogout();
  if (loadingUser || !user) return <Page><Spinner /></Page>;
  return (
    <Page>
      <h1 className="mb-6 text-3xl font-bold">Welcome, {user.fullName}!</h1>
      <div className="grid gap-6 md:grid-cols-3">
        <section className="rounded-2xl border border-slate-200 p-6 dark:border-slate-700">
          <h2 className="mb-3 text-lg font-semibold">Profile</h2>
          <p className="font-medium">{user.fullName}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">{user.phoneNumber}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">{user.email}</p>
          <div className="mt-4 flex gap-2">
            <Link to="/profile" className={btn.secondary}>
              Edit Profile
            </Link>
            <button
              type="button"
              className={btn.secondary}
              onClick={logout}
            >
              Logout
            </button>
          </div>
        </section>
        <section className="rounded-2xl border border-dashed border-slate-300 p-6 md:col-span-2 dark:border-slate-600">
          <h2 className="mb-3 text-lg font-semibold">Booked Services</h2>
          <p className="text-slate-600 dark:text-slate-300">Upcoming, today's and past bookings are coming soon.</p>
          <Link to="/calendar" className="mt-4 inline-block text-indigo-600 hover:underline dark:text-indigo-300">
            Open calendar →
          </Link>
        </section>
      </div>
    </Page>
  );
}
