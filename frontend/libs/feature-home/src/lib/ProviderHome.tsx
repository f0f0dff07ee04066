import { Link } from 'react-router';
import { useSession } from '@slotwise/data-access';
import { Page, btn } from '@slotwise/ui';

/**
 * Provider home. This issue ships the frame; the live stats, upcoming appointments,
 * availability and queue cards arrive with the provider-dashboard issue.
 */
export function ProviderHome() {
  const { user } = useSession();
  const business = user?.providerInfo?.businessName;
  return (
    <Page>
      <section className="rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-600 p-8 text-white">
        <h1 className="text-3xl font-bold">Welcome back{user ? `, ${user.fullName}` : ''}!</h1>
        {business && <p className="mt-1 text-indigo-100">{business}</p>}
        <dl className="mt-6 grid gap-4 sm:grid-cols-3" data-testid="provider-stats">
          {["Today's appointments", 'No-shows', 'Average duration (min)'].map((label) => (
            <div key={label} className="rounded-xl bg-white/10 p-4">
              <dt className="text-sm text-indigo-100">{label}</dt>
              <dd className="text-2xl font-bold">—</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="mt-8 grid gap-4 sm:grid-cols-3">
        <Link to="/my-services" className={btn.primary}>
          My Services
        </Link>
        <Link to="/provider-services" className={btn.secondary}>
          Service Catalog
        </Link>
        <Link to="/calendar" className={btn.secondary}>
          Calendar
        </Link>
      </section>
    </Page>
  );
}
