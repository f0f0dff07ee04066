import { useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { Icon } from '@slotwise/shared-ui';
import {
  NotificationList,
  type NotificationCenterView,
} from './NotificationList';

/**
 * The bell with the unread count; it opens the newest notifications in a Radix popover (Escape
 * or a press outside closes it and gives focus back to the bell). The panel is at most the
 * screen's width less the margins, so a phone never scrolls sideways.
 */
export function NotificationBell({
  center,
}: {
  center: NotificationCenterView;
}) {
  const [open, setOpen] = useState(false);
  const unread = center.unreadCount;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        data-testid="notification-bell"
        className="relative inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Icon name="bell" className="h-5 w-5" />
        {/* Named by its (hidden) text rather than aria-label, so the visible count is never a name mismatch (axe label-content-name-mismatch). */}
        <span className="sr-only">{`Notifications (${unread} unread)`}</span>
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-xs font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      {/* Not portalled: the panel stays inside the navigation landmark it belongs to. */}
      <Popover.Content
        aria-label="Notifications"
        align="end"
        sideOffset={8}
        collisionPadding={16}
        className="z-50 max-h-[70dvh] w-[calc(100vw-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:w-96 dark:border-slate-700 dark:bg-slate-800"
      >
        <h2 className="mb-1 font-semibold">Notifications</h2>
        <NotificationList center={center} onOpen={() => setOpen(false)} />
      </Popover.Content>
    </Popover.Root>
  );
}
