import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useLogout, useSession } from '@slotwise/shared-data-access';
import { buttonClass, Icon } from '@slotwise/shared-ui';
import {
  useNotificationCenter,
  useRefreshOnNotification,
} from '@slotwise/notification-data-access';
import { linkClass, mainLinks, menuButtonClass } from './nav-links';
import { SignInLinks } from './SignInLinks';
import { useTheme } from './theme';

// The overlays (Radix menus and popovers, with their positioning code) load after the first
// paint: they are not needed to show a page, and they kept the initial JS over its budget.
const UserMenu = lazy(() => import('./UserMenu'));
const PhoneMenu = lazy(() => import('./PhoneMenu'));
const NotificationBell = lazy(() =>
  import('@slotwise/notification-ui').then((m) => ({
    default: m.NotificationBell,
  })),
);

/**
 * The site's navbar: one row, at most 64 px high at every width. From 1024 px it shows the links
 * and a user menu (UserMenu); below, a menu button opens the same links under the whole bar
 * (PhoneMenu). `search` is the search box the app puts in the bar (catalog's NavSearch; the shell
 * knows no domain): in the row from 1024 px, under the links in the phone menu below.
 */
export function Navbar({ search }: { search?: ReactNode } = {}) {
  const session = useSession();
  const { token, role, user } = session;
  const logout = useLogout();
  const { theme, toggleTheme } = useTheme();
  const notifications = useNotificationCenter();
  // A new notification refreshes the screens' appointment lists (live screens, docs/product.md).
  useRefreshOnNotification(notifications);
  const links = mainLinks(session);
  const firstName = user?.fullName?.split(' ')[0] || 'Account';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <nav
        aria-label="Main"
        className="mx-auto flex h-15 max-w-6xl items-center gap-1 px-4"
      >
        <Link
          to="/"
          className="mr-3 inline-flex min-h-11 items-center text-xl font-bold text-indigo-700 dark:text-indigo-300"
        >
          Slotwise
        </Link>
        <div className="hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </div>
        {search && (
          <div className="ml-2 hidden min-w-0 max-w-xs flex-1 lg:block">
            {search}
          </div>
        )}
        <div className="ml-auto flex items-center gap-2">
          {token && (
            <Suspense
              fallback={
                <span className="inline-block h-11 w-11" aria-hidden="true" />
              }
            >
              <NotificationBell center={notifications} />
            </Suspense>
          )}
          <button
            type="button"
            onClick={toggleTheme}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            aria-label={
              theme === 'dark'
                ? 'Switch to light theme'
                : 'Switch to dark theme'
            }
            data-testid="theme-toggle"
          >
            <Icon
              name={theme === 'dark' ? 'sun' : 'moon'}
              className="h-5 w-5"
            />
          </button>
          <div className="hidden items-center gap-2 lg:flex">
            {token ? (
              <Suspense
                fallback={
                  <span className={buttonClass('secondary')}>
                    {firstName} ▾
                  </span>
                }
              >
                <UserMenu firstName={firstName} role={role} operator={!!session.user?.operator} logout={logout} />
              </Suspense>
            ) : (
              <SignInLinks />
            )}
          </div>
          <Suspense
            fallback={
              <span className={menuButtonClass} aria-hidden="true">
                <Icon name="menu" className="h-6 w-6" />
              </span>
            }
          >
            <PhoneMenu
              session={session}
              firstName={firstName}
              logout={logout}
              search={search}
            />
          </Suspense>
        </div>
      </nav>
    </header>
  );
}
