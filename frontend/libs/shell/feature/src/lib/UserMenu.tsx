import { Link } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Session } from '@slotwise/shared-data-access';
import { buttonClass } from '@slotwise/shared-ui';
import { accountLinks } from './nav-links';

const itemClass =
  'flex min-h-11 w-full cursor-pointer items-center px-4 text-left text-sm outline-none hover:bg-slate-100 focus:bg-slate-100 dark:hover:bg-slate-700 dark:focus:bg-slate-700';

/** The wide screen's user menu: a Radix dropdown menu (arrow keys move, Escape closes). */
export default function UserMenu({
  firstName,
  role,
  operator = false,
  logout,
}: {
  firstName: string;
  role: Session['role'];
  /** the account decides reported reviews (docs/product.md#replies-and-reports) */
  operator?: boolean;
  logout: () => void;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClass('secondary')}>
        {firstName} ▾
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-800"
      >
        {accountLinks(role, operator).map((l) => (
          <DropdownMenu.Item key={l.to} asChild className={itemClass}>
            <Link to={l.to}>{l.label}</Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Item onSelect={logout} className={itemClass}>
          Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
