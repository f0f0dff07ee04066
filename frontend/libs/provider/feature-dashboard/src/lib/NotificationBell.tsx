import { useState } from 'react';
import { Icon } from '@slotwise/shared-ui';

/** A demo notification (docs/product.md#data): id, type, text, unread. */
interface DemoNotification {
  id: number;
  type: 'booking' | 'review' | 'reminder';
  text: string;
  unread: boolean;
}

const DEMO: DemoNotification[] = [
  { id: 1, type: 'booking', text: 'New booking request for Hair Cut & Style tomorrow at 10:00.', unread: true },
  { id: 2, type: 'review', text: 'A customer left a 5-star review.', unread: true },
  { id: 3, type: 'reminder', text: 'Update your time slots for next week.', unread: false },
];

/** The notification bell with an unread count: a demo, local only (docs/product.md#what-the-product-does). */
export function NotificationBell() {
  const [items, setItems] = useState(DEMO);
  const [open, setOpen] = useState(false);
  const unread = items.filter((n) => n.unread).length;
  return (
    <div className="relative">
      <button
        type="button"
        aria-label={`Notifications (${unread} unread)`}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-full border border-slate-300 p-2 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-700"
      >
        <Icon name="bell" className="h-6 w-6" />
        {unread > 0 && (
          <span className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-xs font-bold text-white">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <div className="absolute right-0 z-20 mt-2 w-80 rounded-xl border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-800">
          <div className="mb-2 flex items-center justify-between">
            <h2 className="font-semibold">Notifications</h2>
            <button
              type="button"
              className="text-sm text-indigo-600 hover:underline disabled:opacity-50 dark:text-indigo-300"
              disabled={unread === 0}
              onClick={() => setItems((l) => l.map((n) => ({ ...n, unread: false })))}
            >
              Mark all as read
            </button>
          </div>
          <ul className="space-y-2">
            {items.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  onClick={() => setItems((l) => l.map((x) => (x.id === n.id ? { ...x, unread: false } : x)))}
                  className={`w-full rounded-lg p-2 text-left text-sm ${n.unread ? 'bg-indigo-50 font-medium dark:bg-indigo-950' : ''}`}
                >
                  {n.text}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
