import type { Session } from '@slotwise/shared-data-access';

export const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium ${
    isActive
      ? 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

/** The main links for who is signed in (the same on a phone and on a wide screen). */
export function mainLinks({
  token,
  role,
}: Pick<Session, 'token' | 'role'>): NavItem[] {
  const items: NavItem[] = [{ to: '/', label: 'Home', end: true }];
  if (token && role === 'customer')
    items.push(
      { to: '/services', label: 'Schedule' },
      { to: '/my-appointments', label: 'My Appointments' },
    );
  if (token && role === 'provider')
    items.push(
      { to: '/my-services', label: 'My Services' },
      { to: '/provider-services', label: 'Service Catalog' },
    );
  if (token) items.push({ to: '/calendar', label: 'Calendar' });
  return items;
}

/** The account links of the user menu (and of the phone menu); an operator also has the reported reviews. */
export function accountLinks(role: Session['role'], operator = false): NavItem[] {
  return [
    { to: '/dashboard', label: 'Dashboard' },
    ...(role === 'provider'
      ? [
          { to: '/my-services', label: 'My Services' },
          { to: '/provider-services', label: 'Service Catalog' },
        ]
      : [{ to: '/my-appointments', label: 'My Appointments' }]),
    ...(operator ? [{ to: '/admin/reports', label: 'Reported reviews' }] : []),
    { to: '/profile', label: 'Profile' },
  ];
}

/** The menu button's look, shared by the phone menu and its stand-in while the menu's code loads. */
export const menuButtonClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800';
