import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// The client runs in the browser; these tests give it just enough of one.
const store = new Map<string, string>();
vi.mock('../storage/storage', () => ({
  STORAGE_KEYS: { token: 'token', locale: 'locale' },
  storage: { get: (k: string) => store.get(k) ?? null },
}));
vi.mock('../i18n/i18n', () => ({ getLocale: () => 'jp', i18n: { t: (key: string) => `t(${key})` } }));
const toastError = vi.fn();
const confirmMock = vi.fn<(o: { message: string }) => Promise<boolean>>();
const navigateTo = vi.fn();
vi.mock('../lib/navigate', () => ({ navigateTo: (to: string) => navigateTo(to) }));
const endSession = vi.fn();
vi.mock('./end-session', () => ({ endSession: () => endSession() }));

const { apiCall, call } = await import('./client');
const { setReplyNotices } = await import('./reply-handler');
// As the app's start-up wires them to the toast and the confirm dialog.
setReplyNotices({ error: (m) => toastError(m), confirm: (o) => confirmMock(o) });
const { ApiError, TransportError } = await import('./errors');

const fetchMock = vi.fn<typeof fetch>();
const reply = (body: unknown, status = 200) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
const route = { method: 'POST', path: '/api/thing' } as const;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  store.clear();
  for (const m of [fetchMock, toastError, confirmMock, navigateTo, endSession]) m.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiCall', () => {
  it('sends JSON with the raw token and the locale, and returns the parsed message', async () => {
    store.set('token', 'abc123');
    reply({ type: 'ok', message: { n: 1 } });
    await expect(apiCall(route, { a: 1 }, z.object({ n: z.number() }))).resolves.toEqual({ n: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/thing');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      Authorization: 'abc123',
      'X-Locale': 'jp',
      'Content-Type': 'application/json',
    });
  });

  it('puts GET fields in the query and sends no Authorization without a token', async () => {
    reply({ type: 'ok', message: 'x' });
    await apiCall({ method: 'GET', path: '/api/list' }, { page: 2, skip: undefined }, z.string());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/list?page=2');
    expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it('reads the whole body of a call without an envelope', async () => {
    reply({ socket_io_port: 8080, login_need_smscode: false, sms_available: true });
    const { EnvJsonCall } = await import('@oryx/contracts/system/calls');
    await expect(call(EnvJsonCall)).resolves.toEqual({
      socket_io_port: 8080,
      login_need_smscode: false,
      sms_available: true,
    });
  });

  it('shows the server message of a plain error, unless the caller shows it itself', async () => {
    reply({ type: 'error', message: 'Insufficient balance', code: 'LEDGER_INSUFFICIENT' }, 400);
    const err = await apiCall(route, {}, z.unknown()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      type: 'error',
      message: 'Insufficient balance',
      code: 'LEDGER_INSUFFICIENT',
    });
    expect(toastError).toHaveBeenCalledWith('Insufficient balance');

    reply({ type: 'error', message: 'quiet' });
    await expect(apiCall(route, {}, z.unknown(), { toast: false })).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('999: one toast, the session ends, login after 1 s, however many calls expired', async () => {
    reply({ type: '999', message: 'expired' }, 401);
    reply({ type: '999', message: 'expired' }, 401);
    await Promise.allSettled([apiCall(route, {}, z.unknown()), apiCall(route, {}, z.unknown())]);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('t(session.expired)');
    expect(endSession).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(navigateTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith('/components/login');
  });

  it('999: the login page comes back to the page the user was on', async () => {
    const location = { hash: '#/accountCenter?tab=2' };
    vi.stubGlobal('location', location);
    reply({ type: '999', message: 'expired' }, 401);
    await apiCall(route, {}, z.unknown()).catch(() => {});
    vi.advanceTimersByTime(1000);
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith(
      '/components/login?redirect=%2FaccountCenter%3Ftab%3D2',
    );

    // A guarded page already went to the login page with its own `redirect`: that one stays.
    navigateTo.mockReset();
    reply({ type: '999', message: 'expired' }, 401);
    await apiCall(route, {}, z.unknown()).catch(() => {});
    location.hash = '#/components/login?redirect=%2Fbandbank';
    vi.advanceTimersByTime(1000);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it.each(['996', 'not'])(
    '%s: message, then after 1 s the offer to set a transaction password',
    async (type) => {
      confirmMock.mockResolvedValueOnce(true);
      reply({ type, message: 'no trade password' }, 403);
      await expect(apiCall(route, {}, z.unknown())).rejects.toMatchObject({ type });
      expect(toastError).toHaveBeenCalledWith('no trade password');
      expect(confirmMock).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1000);
      expect(confirmMock).toHaveBeenCalledWith(
        expect.objectContaining({ message: 't(session.setTradePassword)' }),
      );
      expect(navigateTo).toHaveBeenCalledWith('/bindmpwd');
    },
  );

  it('996 declined: stays on the page', async () => {
    confirmMock.mockResolvedValueOnce(false);
    reply({ type: '996', message: 'no trade password' }, 403);
    await apiCall(route, {}, z.unknown()).catch(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it.each([
    ['997', '/userSetting'],
    ['555', '/userSetting'],
    ['998', '/authentication'],
  ])('%s: message, then %s after 1 s', async (type, to) => {
    reply({ type, message: 'go' }, 403);
    await apiCall(route, {}, z.unknown()).catch(() => {});
    expect(toastError).toHaveBeenCalledWith('go');
    vi.advanceTimersByTime(1000);
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith(to);
  });

  it('network errors and replies off-contract are only logged', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiCall(route, {}, z.unknown())).rejects.toBeInstanceOf(TransportError);
    reply({ type: 'ok', message: { n: 'one' } });
    await expect(apiCall(route, {}, z.object({ n: z.number() }))).rejects.toBeInstanceOf(TransportError);
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(apiCall(route, {}, z.unknown())).rejects.toBeInstanceOf(TransportError);
    expect(toastError).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledTimes(3);
  });

  it('a cancelled call rejects with its AbortError and logs nothing', async () => {
    vi.mocked(console.error).mockClear();
    const abortError = () => new DOMException('The operation was aborted.', 'AbortError');
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(abortError());
    await expect(apiCall(route, {}, z.unknown(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    // Aborted while the body was read (the signal fired after the headers came).
    const late = new AbortController();
    fetchMock.mockResolvedValueOnce({
      status: 200,
      json: () => {
        late.abort();
        return Promise.reject(abortError());
      },
    } as unknown as Response);
    await expect(apiCall(route, {}, z.unknown(), { signal: late.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    // A page unload aborts calls without a signal of ours.
    fetchMock.mockRejectedValueOnce(abortError());
    await expect(apiCall(route, {}, z.unknown())).rejects.toMatchObject({ name: 'AbortError' });
    expect(console.error).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });
});
