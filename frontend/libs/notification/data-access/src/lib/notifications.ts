// The signed-in user's notifications (notification-svc through the gateway): the list with its
// unread count, refreshed every 30 s, and marking one or all read.
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from '@slotwise/shared-contract';
import { queryRoots, unwrap, useLogoutOn401, userApi, useSession } from '@slotwise/shared-data-access';

/** How often the list is asked for again while a screen shows it. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

/** How many of the newest notifications the bell and the card show. */
export const NOTIFICATIONS_SHOWN = 20;

const listKey = (userId: string | null) => [queryRoots.notifications, 'list', userId] as const;

/**
 * What a notification view needs (notification-ui's NotificationCenterView): the newest
 * notifications, the unread count and the marks. GET /notifications (newest first) every 30 s
 * while signed in; PATCH …/{id}/read and POST …/read-all.
 */
export function useNotificationCenter() {
  const { token, user } = useSession();
  const userId = user?._id ?? null;
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: listKey(userId),
    queryFn: ({ signal }) => unwrap(userApi.GET('/notifications', { params: { query: { limit: NOTIFICATIONS_SHOWN } }, signal })),
    // Once the profile says whose they are: the list is kept per user.
    enabled: token !== null && userId !== null,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    staleTime: 0,
  });
  useLogoutOn401(q.error);
  const refresh = () => qc.invalidateQueries({ queryKey: [queryRoots.notifications] });
  const markRead = useMutation({
    mutationFn: (id: string) => unwrap(userApi.PATCH('/notifications/{id}/read', { params: { path: { id } }, body: {} })),
    onSettled: refresh,
  });
  const markAllRead = useMutation({
    mutationFn: () => unwrap(userApi.POST('/notifications/read-all', { body: {} })),
    onSettled: refresh,
  });
  return {
    notifications: q.data?.notifications ?? ([] as AppNotification[]),
    unreadCount: q.data?.unreadCount ?? 0,
    loading: q.isPending && token !== null,
    failed: q.isError,
    markRead: (id: string) => markRead.mutate(id),
    markAllRead: () => markAllRead.mutate(),
  };
}

/**
 * Live screens (docs/product.md#states-and-transitions): the same poll that moves the bell tells
 * the appointment screens when something happened. When the newest notification changes (a new
 * request, a cancellation, a reschedule…) every appointment list and free-slot query is asked
 * again, so the provider's home, dashboard and calendar (and a customer's lists) follow without a
 * reload. The first answer only sets the mark. Used once, by the navbar (which every screen has),
 * with the center it shows.
 */
export function useRefreshOnNotification({ notifications, loading }: { notifications: readonly AppNotification[]; loading: boolean }) {
  const qc = useQueryClient();
  const newest = notifications[0]?._id ?? '';
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (loading) return;
    if (seen.current !== null && seen.current !== newest) {
      void qc.invalidateQueries({ queryKey: [queryRoots.appointments] });
      void qc.invalidateQueries({ queryKey: [queryRoots.availability] });
      void qc.invalidateQueries({ queryKey: [queryRoots.provider] });
    }
    seen.current = newest;
  }, [loading, newest, qc]);
}
