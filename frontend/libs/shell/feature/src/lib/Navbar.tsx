import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useLogout, useSession } from '@slotwise/shared-data-access';
import { buttonClass, Icon } from '@slotwise/shared-ui';
import { useTheme } from './theme';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

export function Navbar() {
  const { token, role, user } = useSession();
  const logout = useLogout();
  const { theme, toggleTheme } = useTheme();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onDown = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-3">
        <Link to="/" className="mr-4 text-xl font-bold text-indigo-600 dark:text-indigo-400">
          Slotwise
        </Link>
        <NavLink to="/" end className={linkClass}>
          Home
        </NavLink>
        {token && role === 'customer' && (
          <>
            <NavLink to="/services" className={linkClass}>
              Schedule
            </NavLink>
            <NavLink to="/my-appointments" className={linkClass}>
              My Appointments
            </NavLink>
          </>
        )}
        {token && role === 'provider' && (
          <>
            <NavLink to="/my-services" className={linkClass}>
              My Services
            </NavLink>
            <NavLink to="/provider-services" className={linkClass}>
              Service Catalog
            </NavLink>
          </>
        )}
        {token && (
          <NavLink to="/calendar" className={linkClass}>
            Calendar
          </NavLink>
        )}
        <div className="ml-auto flex items-center gap-2">
          <button
            type="button"
            onClick={toggleTheme}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            data-testid="theme-toggle"
          >
            <Icon name={theme === 'dark' ? 'sun' : 'moon'} className="h-5 w-5" />
          </button>
          {token ? (
            <div className="relative" ref={menuRef}>
              <button
                type="button"
                className={buttonClass('secondary')}
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                onClick={() => setMenuOpen((o) => !o)}
              >
                {user?.fullName?.split(' ')[0] || 'Account'} ▾
              </button>
              {menuOpen && (
                <div role="menu" className="absolute right-0 mt-2 w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-800">
                  <MenuLink to="/dashboard">Dashboard</MenuLink>
                  {role === 'provider' ? (
                    <>
                      <MenuLink to="/my-services">My Services</MenuLink>
                      <MenuLink to="/provider-services">Service Catalog</MenuLink>
                    </>
                  ) : (
                    <MenuLink to="/my-appointments">My Appointments</MenuLink>
                  )}
                  <MenuLink to="/profile">Profile</MenuLink>
                  <button role="menuitem" type="button" onClick={logout} className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-700">
                    Logout
                  </button>
                </div>
              )}
            </div>
          ) : (
            <>
              <Link to="/login" className={buttonClass('secondary')}>
                Login
              </Link>
              <Link to="/register" className={buttonClass('primary')}>
                Register
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}

function MenuLink({ to, children }: { to: string; children: string }) {
  return (
    <Link role="menuitem" to={to} className="block px-4 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-700">
      {children}
    </Link>
  );
}
