// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, storage } from '../storage/storage';

/** A stand-in for socket.io-client's socket: records listeners; `login` is answered by `reply`. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const state = { reply: { type: 'ok' } as { type: string } | undefined, logins: [] as unknown[] };
  const socket = {
    connected: false,
    on(event: string, fn: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((f) => f !== fn),
      );
    },
    emit(event: string, payload: unknown, ack?: (r: unknown) => void) {
      if (event !== 'login') return;
      state.logins.push(payload);
      ack?.(state.reply);
    },
    /** The server side: a (re)connect. */
    connect() {
      socket.connected = true;
      for (const fn of handlers.get('connect') ?? []) fn();
    },
    listeners: (event: string) => handlers.get(event)?.length ?? 0,
  };
  return { socket, state };
});
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

const { getSocket } = await import('./socket');

/** Lets the socket's background import of socket.io-client settle. */
const loaded = () => new Promise((r) => setTimeout(r, 0));

describe('the socket tells the app when it joined the user room', () => {
  beforeEach(() => {
    storage.set(STORAGE_KEYS.token, 'session-token');
    fake.state.logins.length = 0;
  });

  it('after each connect whose login the server accepted, and only then', async () => {
    const socket = getSocket();
    const joined = vi.fn();
    socket.on('joined', joined);
    await loaded();
    // The app's own event is never asked of socket.io.
    expect(fake.socket.listeners('joined')).toBe(0);

    fake.socket.connect();
    expect(fake.state.logins).toEqual([{ token: 'session-token' }]);
    expect(joined).toHaveBeenCalledTimes(1);

    // A reconnect logs in again and joins again: pushes sent meanwhile are read again.
    fake.socket.connect();
    expect(joined).toHaveBeenCalledTimes(2);

    // A login the server refuses (no valid session) joins nothing.
    fake.state.reply = { type: '999' };
    fake.socket.connect();
    expect(joined).toHaveBeenCalledTimes(2);

    socket.off('joined', joined);
    fake.state.reply = { type: 'ok' };
    fake.socket.connect();
    expect(joined).toHaveBeenCalledTimes(2);
  });
});
