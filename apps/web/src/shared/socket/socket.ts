import type { Socket } from 'socket.io-client';
import { SOCKET_PATH, type LoginEmit, type ServerEventName, type ServerEvents } from '@oryx/contracts/socket';
import { STORAGE_KEYS, storage } from '../storage/storage';

type ListenEvents = { [K in ServerEventName]: (payload: ServerEvents[K]) => void };
interface EmitEvents {
  login: (payload: LoginEmit, ack: (reply: { type?: string } | undefined) => void) => void;
}
type RealSocket = Socket<ListenEvents, EmitEvents>;
/**
 * `joined`: this app's own event, not the server's: the server answered the socket's `login` by joining
 * the user's room (after each connect, so after every reconnect too). Pushes sent before it never
 * reached the page, so what they keep fresh is read again then (`useSocketJoined`).
 */
type EventName = ServerEventName | 'connect' | 'disconnect' | 'connect_error' | 'joined';
const LOCAL_EVENTS = new Set<string>(['joined']);
type Listener<E extends EventName> = E extends ServerEventName ? ListenEvents[E] : () => void;

/**
 * What the app uses of the socket: listeners and the connection state. The socket.io client itself is
 * loaded in the background on first use (its own chunk), so a page never waits for it to paint; until it
 * is there, the socket reads as disconnected and listeners are kept and attached once it is.
 */
export interface AppSocket {
  readonly connected: boolean;
  on<E extends EventName>(event: E, fn: Listener<E>): void;
  off<E extends EventName>(event: E, fn: Listener<E>): void;
}

let handle: AppSocket | null = null;
let currentToken: string | null = null;

/** The server joins this socket to the user's room only for a valid token; market events need none. */
function login(s: RealSocket, onJoined: () => void): void {
  currentToken = storage.get(STORAGE_KEYS.token);
  if (currentToken) s.emit('login', { token: currentToken }, (reply) => reply?.type === 'ok' && onJoined());
}

/**
 * The one socket.io connection, opened on first use: same origin, path /wss/, websocket transport.
 * After a login, logout or token change it reconnects so that user rooms match the current session.
 */
export function getSocket(): AppSocket {
  if (handle) return handle;
  let real: RealSocket | null = null;
  const listeners = new Map<string, Set<(...args: never[]) => void>>();
  // socket.io's typed `on`/`off` cannot take a name and listener chosen at run time.
  const attach = (s: RealSocket, event: string, fn: (...args: never[]) => void) =>
    LOCAL_EVENTS.has(event) || (s.on as (e: string, f: typeof fn) => unknown)(event, fn);
  const detach = (s: RealSocket, event: string, fn: (...args: never[]) => void) =>
    LOCAL_EVENTS.has(event) || (s.off as (e: string, f: typeof fn) => unknown)(event, fn);
  const joined = () => {
    for (const fn of listeners.get('joined') ?? []) (fn as () => void)();
  };

  handle = {
    get connected() {
      return real?.connected ?? false;
    },
    on(event, fn) {
      const set = listeners.get(event) ?? new Set();
      set.add(fn);
      listeners.set(event, set);
      if (real) attach(real, event, fn);
    },
    off(event, fn) {
      listeners.get(event)?.delete(fn);
      if (real) detach(real, event, fn);
    },
  };

  void import('socket.io-client').then(({ io }) => {
    const s: RealSocket = io({ path: SOCKET_PATH, transports: ['websocket'] });
    s.on('connect', () => login(s, joined));
    for (const [event, set] of listeners) for (const fn of set) attach(s, event, fn);
    storage.subscribe(() => {
      if (storage.get(STORAGE_KEYS.token) === currentToken) return;
      if (s.connected) s.disconnect().connect();
      else currentToken = storage.get(STORAGE_KEYS.token);
    });
    real = s;
  });
  return handle;
}
