import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type LoginEmit, type ServerEventName, type ServerEvents } from '@oryx/contracts/socket';
import { STORAGE_KEYS, storage } from '../storage/storage';

type ListenEvents = { [K in ServerEventName]: (payload: ServerEvents[K]) => void };
interface EmitEvents {
  login: (payload: LoginEmit) => void;
}
export type AppSocket = Socket<ListenEvents, EmitEvents>;

let socket: AppSocket | null = null;
let currentToken: string | null = null;

/** The server joins this socket to the user's room only for a valid token; market events need none. */
function login(s: AppSocket): void {
  currentToken = storage.get(STORAGE_KEYS.token);
  if (currentToken) s.emit('login', { token: currentToken });
}

/**
 * The one socket.io connection, opened on first use: same origin, path /wss/, websocket transport.
 * After a login, logout or token change it reconnects so that user rooms match the current session.
 */
export function getSocket(): AppSocket {
  if (socket) return socket;
  const s: AppSocket = io({ path: SOCKET_PATH, transports: ['websocket'] });
  s.on('connect', () => login(s));
  storage.subscribe(() => {
    if (storage.get(STORAGE_KEYS.token) === currentToken) return;
    if (s.connected) s.disconnect().connect();
    else currentToken = storage.get(STORAGE_KEYS.token);
  });
  socket = s;
  return s;
}
