import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { returnState, useLogout, useSession, type Session } from '@slotwise/shared-data-access';
import { buttonClass, Icon, useDismiss } from '@slotwise/shared-ui';
import { useNotificationCenter, useRefreshOnNotification } from '@slotwise/notification-data-access';
import { NotificationBell } from '@slotwise/notification-ui';
import { useTheme } from './theme';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium ${
    isActive
      ? 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

/** The main links for who is signed in (the same on a phone and on a wide screen). */
function mainLinks({ token, role }: Pick<Session, 'token' | 'role'>): NavItem[] {
  const items: NavItem[] = [{ to: '/', label: 'Home', end: true }];
  if (token && role === 'customer') items.push({ to: '/services', label: 'Schedule' }, { to: '/my-appointments', label: 'My Appointments' });
  if (token && role === 'provider') items.push({ to: '/my-services', label: 'My Services' }, { to: '/provider-services', label: 'Service Catalog' });
  if (token) items.push({ to: '/calendar', label: 'Calendar' });
  return items;
}

/** The account links of the user menu (and of the phone menu). */
function accountLinks(role: Session['role']): NavItem[] {
  return [
    { to: '/dashboard', label: 'Dashboard' },
    ...(role === 'provider'
      ? [
          { to: '/my-services', label: 'My Services' },
          { to: '/provider-services', label: 'Service Catalog' },
        ]
      : [{ to: '/my-appointments', label: 'My Appointments' }]),
    { to: '/profile', label: 'Profile' },
  ];
}

/**
 * The site's navbar: one row, at most 64 px high at every width. From 1024 px it shows the links
 * and a user menu; below, a menu button opens the same links as a disclosure under the bar
 * (focus moves to its first link; Escape closes it and gives focus back to the button).
 * `search` is the search box the app puts in the bar (catalog's NavSearch; the shell knows no
 * domain): in the row from 1024 px, under the links in the phone menu below.
 */
export function Navbar({ search }: { search?: ReactNode } = {}) {
  const session = useSession();
  const { token, role, user } = session;
  const logout = useLogout();
  const { theme, toggleTheme } = useTheme();
  const notifications = useNotificationCenter();
  // Screens showing appointments follow what the bell learns (a new request, a change).
  useRefreshOnNotification(notifications);
  const location = useLocation();
  // Login and Register come back to this page once signed in.
  const back = returnState(location);
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  const userMenuRef = useRef<HTMLDivElement>(null);
  const userButtonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const phoneButtonRef = useRef<HTMLButtonElement>(null);
  const phoneMenuRef = useRef<HTMLDivElement>(null);
  const phoneMenuId = useId();

  useEffect(() => {
    setUserMenuOpen(false);
    setPhoneMenuOpen(false);
  }, [location.pathname]);
  useDismiss(userMenuOpen, () => setUserMenuOpen(false), userMenuRef, userButtonRef);
  useDismiss(phoneMenuOpen, () => setPhoneMenuOpen(false), headerRef, phoneButtonRef);
  useEffect(() => {
    if (phoneMenuOpen) phoneMenuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [phoneMenuOpen]);

  const links = mainLinks(session);
  const firstName = user?.fullName?.split(' ')[0] || 'Account';

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <nav aria-label="Main" className="mx-auto flex h-15 max-w-6xl items-center gap-1 px-4">
        <Link to="/" className="mr-3 inline-flex min-h-11 items-center text-xl font-bold text-indigo-700 dark:text-indigo-300">
          Slotwise
        </Link>
        <div className="hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </div>
        {search && <div className="ml-2 hidden min-w-0 max-w-xs flex-1 lg:block">{search}</div>}
        <div className="ml-auto flex items-center gap-2">
          {token && <NotificationBell center={notifications} />}
          <button
            type="button"
            onClick={toggleTheme}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            data-testid="theme-toggle"
          >
            <Icon name={theme === 'dark' ? 'sun' : 'moon'} className="h-5 w-5" />
          </button>
          <div className="hidden items-center gap-2 lg:flex">
            {token ? (
              <div className="relative" ref={userMenuRef}>
                <button
                  ref={userButtonRef}
                  type="button"
                  className={buttonClass('secondary')}
                  aria-haspopup="menu"
                  aria-expanded={userMenuOpen}
                  onClick={() => setUserMenuOpen((o) => !o)}
                >
                  {firstName} ▾
                </button>
                {userMenuOpen && (
                  <div role="menu" className="absolute right-0 mt-2 w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-800">
                    {accountLinks(role).map((l) => (
                      <Link key={l.to} role="menuitem" to={l.to} className="flex min-h-11 items-center px-4 text-sm hover:bg-slate-100 dark:hover:bg-slate-700">
                        {l.label}
                      </Link>
                    ))}
                    <button role="menuitem" type="button" onClick={logout} className="flex min-h-11 w-full items-center px-4 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-700">
                      Logout
                    </button>
                  </div>
                )}
              </div>
            ) : (
              <>
                <Link to="/login" state={back} className={buttonClass('secondary')}>
                  Login
                </Link>
                <Link to="/register" state={back} className={buttonClass('primary')}>
                  Register
                </Link>
              </>
            )}
          </div>
          <button
            ref={phoneButtonRef}
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={phoneMenuOpen}
            aria-controls={phoneMenuId}
            aria-label="Menu"
            data-testid="menu-button"
            onClick={() => setPhoneMenuOpen((o) => !o)}
          >
            <Icon name={phoneMenuOpen ? 'x' : 'menu'} className="h-6 w-6" />
          </button>
        </div>
      </nav>
      <div
        id={phoneMenuId}
        ref={phoneMenuRef}
        hidden={!phoneMenuOpen}
        className="max-h-[calc(100dvh-3.75rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-4 pt-2 shadow-lg lg:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        <nav aria-label="Menu">
          <ul className="flex flex-col gap-1">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} className={({ isActive }) => `${linkClass({ isActive })} w-full text-base`}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {search && <div className="mt-2">{search}</div>}
          <div className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-700">
            {token ? (
              <>
                <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-300">Signed in as {user?.fullName ?? firstName}</p>
                <ul className="flex flex-col gap-1">
                  {accountLinks(role)
                    .filter((a) => !links.some((l) => l.to === a.to))
                    .map((l) => (
                      <li key={l.to}>
                        <NavLink to={l.to} className={({ isActive }) => `${linkClass({ isActive })} w-full text-base`}>
                          {l.label}
                        </NavLink>
                      </li>
                    ))}
                  <li>
                    <button type="button" onClick={logout} className={`${linkClass({ isActive: false })} w-full text-base`}>
                      Logout
                    </button>
                  </li>
                </ul>
              </>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <Link to="/login" state={back} className={buttonClass('secondary')}>
                  Login
                </Link>
                <Link to="/register" state={back} className={buttonClass('primary')}>
                  Register
                </Link>
              </div>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
