import { Link } from 'react-router';
import type { AppNotification } from '@slotwise/shared-contract';

/** What the notification views show and do (the data-access lib's useNotificationCenter gives it). */
export interface NotificationCenterView {
  notifications: AppNotification[];
  unreadCount: number;
  loading: boolean;
  failed: boolean;
  markRead: (id: string) => void;
  markAllRead: () => void;
}

/** Kinds told to providers; every other kind is a customer's (notification-svc/internal/notification/kinds.go). */
const PROVIDER_KINDS = new Set(['new_booking', 'customer_cancelled', 'customer_closed', 'customer_rescheduled', 'new_review', 'member_left']);

/** Where a notification's appointment is shown: the provider's dashboard or the customer's appointments (as in its email). */
export function notificationLink(n: Pick<AppNotification, 'type' | 'appointmentId'>): string {
  const page = PROVIDER_KINDS.has(n.type) ? '/my-services' : '/my-appointments';
  return n.appointmentId ? `${page}?appointment=${encodeURIComponent(n.appointmentId)}` : page;
}

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/**
 * The newest notifications: each links to its appointment (following the link marks it read),
 * unread ones stand out and have their own "Mark read"; "Mark all as read" clears the count.
 */
export function NotificationList({ center, onOpen }: { center: NotificationCenterView; onOpen?: () => void }) {
  const { notifications, unreadCount, loading, failed, markRead, markAllRead } = center;
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {unreadCount === 0 ? 'All caught up' : `${unreadCount} unread`}
        </p>
        <button
          type="button"
          className="min-h-11 rounded-md px-2 text-sm font-medium text-indigo-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline dark:text-indigo-300"
          disabled={unreadCount === 0}
          onClick={markAllRead}
        >
          Mark all as read
        </button>
      </div>
      {loading ? (
        <p className="py-4 text-sm text-slate-600 dark:text-slate-300">Loading notifications…</p>
      ) : failed ? (
        <p role="alert" className="py-4 text-sm text-rose-700 dark:text-rose-300">
          Could not load notifications.
        </p>
      ) : notifications.length === 0 ? (
        <p className="py-4 text-sm text-slate-600 dark:text-slate-300">No notifications yet.</p>
      ) : (
        <ul className="space-y-2">
          {notifications.map((n) => (
            <li
              key={n._id}
              data-testid="notification"
              className={`flex items-start gap-2 rounded-lg p-2 ${n.unread ? 'bg-indigo-50 dark:bg-indigo-950' : ''}`}
            >
              <Link
                to={notificationLink(n)}
                onClick={() => {
                  if (n.unread) markRead(n._id);
                  onOpen?.();
                }}
                className="min-h-11 flex-1 break-words text-sm hover:underline"
              >
                <span className={n.unread ? 'font-semibold' : ''}>{n.text}</span>
                {n.unread && <span className="sr-only"> (unread)</span>}
                <span className="block text-xs text-slate-600 dark:text-slate-400">{when.format(new Date(n.createdAt))}</span>
              </Link>
              {n.unread && (
                <button
                  type="button"
                  className="min-h-11 shrink-0 rounded-md px-2 text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                  aria-label={`Mark read: ${n.text}`}
                  onClick={() => markRead(n._id)}
                >
                  Mark read
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
