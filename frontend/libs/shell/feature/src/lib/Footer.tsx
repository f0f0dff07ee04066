import { Link } from 'react-router';
import { useSession } from '@slotwise/shared-data-access';

const columns = [
  {
    title: 'Explore',
    links: [
      { to: '/', label: 'Home' },
      { to: '/services', label: 'Browse Services' },
      { to: '/categories', label: 'Categories' },
      { to: '/demo-services', label: 'Demo Services' },
    ],
  },
  {
    title: 'Account',
    links: [
      { to: '/login', label: 'Login', signedIn: false },
      { to: '/register', label: 'Register', signedIn: false },
      { to: '/profile', label: 'Profile', signedIn: true },
    ],
  },
  {
    title: 'Support',
    links: [{ to: '/help', label: 'Help Center' }],
  },
];

type FooterLink = {
  to: string;
  label: string;
  /** shown only when signed in (true) or only when not (false) */ signedIn?: boolean;
};

/** Site links; Login and Register only when nobody is signed in, Profile only when someone is. */
export function Footer() {
  const signedIn = useSession().token !== null;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-indigo-600 dark:text-indigo-400">
            Slotwise
          </p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Book trusted local services in a few clicks.
          </p>
        </div>
        {columns.map((c) => (
          <div key={c.title}>
            <p className="mb-2 font-semibold">{c.title}</p>
            <ul className="space-y-1 text-sm">
              {(c.links as FooterLink[])
                .filter(
                  (l) => l.signedIn === undefined || l.signedIn === signedIn,
                )
                .map((l) => (
                  <li key={l.to}>
                    <Link
                      to={l.to}
                      className="text-slate-600 hover:text-indigo-600 dark:text-slate-400 dark:hover:text-indigo-300"
                    >
                      {l.label}
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} Slotwise. All rights reserved.
      </p>
    </footer>
  );
}
