import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ServerEventName, ServerEvents } from '@oryx/contracts/socket';
import { getSocket } from './socket';

/**
 * While the component is mounted and `enabled`, `event` on the one socket calls the latest `handler`
 * (a new handler each render is used without resubscribing, so it may close over props and state).
 */
function useSocketListener<A>(event: string, handler: (arg: A) => void, enabled: boolean): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (arg: A) => handlerRef.current(arg);
    // The socket's typed `on` cannot take an event name chosen at run time; the listener fits each.
    const socket = getSocket() as unknown as {
      on(e: string, fn: typeof listener): void;
      off(e: string, fn: typeof listener): void;
    };
    socket.on(event, listener);
    return () => socket.off(event, listener);
  }, [event, enabled]);
}

/**
 * Calls `handler` for every `name` event while the component is mounted. Payloads are objects whose
 * `type` equals the event name; anything else is ignored. The latest handler is used without
 * resubscribing, so it may close over props and state.
 */
export function useSocketEvent<K extends ServerEventName>(
  name: K,
  handler: (payload: ServerEvents[K]) => void,
  options: { enabled?: boolean } = {},
): void {
  useSocketListener<ServerEvents[K]>(
    name,
    (payload) => {
      if (payload && typeof payload === 'object' && payload.type === name) handler(payload);
    },
    options.enabled ?? true,
  );
}

/**
 * Calls `handler` each time the socket joins the user's room: after the login that follows every
 * connect, the first and each reconnect. A push sent before that (while the page loaded, or while the
 * connection was down) never arrived, so a hook that keeps data fresh from pushes reads it again here.
 */
export function useSocketJoined(handler: () => void, options: { enabled?: boolean } = {}): void {
  useSocketListener<void>('joined', () => handler(), options.enabled ?? true);
}

/**
 * Socket events update the query cache (there is no second store): `update` receives the cached data
 * of `queryKey` and the event and returns the new data (or the old one to leave it alone).
 *
 *   useSocketQueryUpdate('daymarket', quotationQueryKey, (groups, e) => groups && applyTicker(groups, e));
 */
export function useSocketQueryUpdate<K extends ServerEventName, T>(
  name: K,
  queryKey: QueryKey,
  update: (data: T | undefined, payload: ServerEvents[K]) => T | undefined,
  options: { enabled?: boolean } = {},
): void {
  const queryClient = useQueryClient();
  useSocketEvent(
    name,
    (payload) => queryClient.setQueryData<T>(queryKey, (old) => update(old, payload)),
    options,
  );
}
