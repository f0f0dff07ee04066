import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import type { Session } from '@slotwise/shared-data-access';
import { Icon } from '@slotwise/shared-ui';
import { SignInLinks } from './SignInLinks';
import {
  accountLinks,
  linkClass,
  mainLinks,
  menuButtonClass,
} from './nav-links';

/**
 * Below 1024 px: the menu button and the same links as the bar's, in a non-modal Radix dialog
 * laid as a sheet under the whole bar (fixed below its 61 px, so no positioning code is needed).
 * Not portalled, so it follows the bar in the tab order; Radix moves focus to its first link, and
 * Escape or a press outside closes it and gives focus back to the button. A followed link closes it.
 */
export default function PhoneMenu({
  session,
  firstName,
  logout,
  search,
}: {
  session: Session;
  firstName: string;
  logout: () => void;
  search?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const { token, role, user } = session;
  const links = mainLinks(session);
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen} modal={false}>
      <Dialog.Trigger
        className={menuButtonClass}
        aria-label="Menu"
        data-testid="menu-button"
      >
        <Icon name={open ? 'x' : 'menu'} className="h-6 w-6" />
      </Dialog.Trigger>
      <Dialog.Content
        aria-describedby={undefined}
        // Radix would skip links and focus the search box; the first link comes first.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.currentTarget as HTMLElement)
            .querySelector<HTMLElement>('a, button, input')
            ?.focus();
        }}
        className="fixed inset-x-0 top-[61px] z-40 max-h-[calc(100dvh-61px)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-4 pt-2 shadow-lg lg:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        <Dialog.Title className="sr-only">Menu</Dialog.Title>
        <nav aria-label="Menu">
          <ul className="flex flex-col gap-1">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={l.end}
                  className={({ isActive }) =>
                    `${linkClass({ isActive })} w-full text-base`
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {search && <div className="mt-2">{search}</div>}
          <div className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-700">
            {token ? (
              <>
                <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-300">
                  Signed in as {user?.fullName ?? firstName}
                </p>
                <ul className="flex flex-col gap-1">
                  {accountLinks(role, !!user?.operator)
                    .filter((a) => !links.some((l) => l.to === a.to))
                    .map((l) => (
                      <li key={l.to}>
                        <NavLink
                          to={l.to}
                          className={({ isActive }) =>
                            `${linkClass({ isActive })} w-full text-base`
                          }
                        >
                          {l.label}
                        </NavLink>
                      </li>
                    ))}
                  <li>
                    <button
                      type="button"
                      onClick={logout}
                      className={`${linkClass({ isActive: false })} w-full text-base`}
                    >
                      Logout
                    </button>
                  </li>
                </ul>
              </>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <SignInLinks />
              </div>
            )}
          </div>
        </nav>
      </Dialog.Content>
    </Dialog.Root>
  );
}
