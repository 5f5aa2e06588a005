import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  NotificationsListCall,
  NotificationsReadCall,
  NOTIFICATIONS_PAGE_SIZE,
} from '@oryx/contracts/notifications/calls';
import { call } from '@/shared/api/client';

/** Every cached list of the notification centre (invalidated by a push or a mark-read). */
export const NOTIFICATIONS = ['notifications'] as const;

export interface NotificationsQuery {
  page: number;
  limit: number;
  unread: number;
}

/** GET /api/user/notifications: a page, newest first, with the unread count. */
export const useNotifications = (q: NotificationsQuery, enabled = true) =>
  useQuery({
    queryKey: [...NOTIFICATIONS, q],
    queryFn: ({ signal }) => call(NotificationsListCall, q, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The same list page by page, for the notifications page's "load more". */
export const useNotificationPages = (unread: number) =>
  useInfiniteQuery({
    queryKey: [...NOTIFICATIONS, 'pages', unread],
    queryFn: ({ pageParam, signal }) =>
      call(NotificationsListCall, { page: pageParam, limit: NOTIFICATIONS_PAGE_SIZE, unread }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

/** POST /api/user/notifications/read: one (`id`) or all (`all: 1`). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; all?: number }) => call(NotificationsReadCall, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS }),
  });
}
