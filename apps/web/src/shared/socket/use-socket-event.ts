import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ServerEventName, ServerEvents } from '@oryx/contracts/socket';
import { getSocket } from './socket';

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
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  const enabled = options.enabled ?? true;

  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    const listener = (payload: ServerEvents[K]) => {
      if (payload && typeof payload === 'object' && payload.type === name) handlerRef.current(payload);
    };
    // socket.io's typed `on` cannot narrow a generic event name; the listener's type is exact for K.
    const on = socket.on.bind(socket) as (event: K, fn: typeof listener) => unknown;
    const off = socket.off.bind(socket) as (event: K, fn: typeof listener) => unknown;
    on(name, listener);
    return () => {
      off(name, listener);
    };
  }, [name, enabled]);
}

/**
 * Calls `handler` each time the socket joins the user's room: after the login that follows every
 * connect, the first and each reconnect. A push sent before that (while the page loaded, or while the
 * connection was down) never arrived, so a hook that keeps data fresh from pushes reads it again here.
 */
export function useSocketJoined(handler: () => void, options: { enabled?: boolean } = {}): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  const enabled = options.enabled ?? true;
  useEffect(() => {
    if (!enabled) return;
    const socket = getSocket();
    const listener = () => handlerRef.current();
    socket.on('joined', listener);
    return () => socket.off('joined', listener);
  }, [enabled]);
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
