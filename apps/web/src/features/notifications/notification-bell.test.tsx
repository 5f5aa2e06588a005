// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { UserInfoCall } from '@oryx/contracts/account/calls';
import {
  NotificationsListCall,
  NotificationsReadCall,
  type Notification,
} from '@oryx/contracts/notifications/calls';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { click, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { NotificationBell } from './notification-bell';

const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const fake = {
    connected: true,
    on(event: string, fn: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
      return fake;
    },
    off(event: string, fn: (payload: unknown) => void) {
      listeners.get(event)?.delete(fn);
      return fake;
    },
    emit: () => fake,
    push(event: string, payload: unknown) {
      for (const fn of listeners.get(event) ?? []) fn(payload);
    },
  };
  return fake;
});
vi.mock('@/shared/socket/socket', () => ({ getSocket: () => socket }));

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

const USER = {
  id: 7,
  extension_code: 'DEMO0001',
  is_seller: 0,
  type: '1',
  email: 'demo1@oryx.local',
  phone: '',
  account_number: 'demo1@oryx.local',
  area_code: '',
  area_code_id: 0,
  review_status: 2,
  lang: 'en',
  role: 'user' as const,
};

const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;

describe('the header bell', () => {
  it('shows the unread count, the texts in the reader’s language, a toast per push, and marks all read', async () => {
    const rows: Notification[] = [
      {
        id: 2,
        kind: 'lever.stop_loss',
        params: { id: '41', symbol: 'BTC/USDT', amount: '-20.6', coin: 'USDT' },
        created_at: 1_700_000_000_000,
        read_at: null,
      },
      {
        id: 1,
        kind: 'deal.paid',
        params: { id: '9', area: 'c2c', amount: '2', coin: 'USDT' },
        created_at: 1_699_000_000_000,
        read_at: 1_699_000_500_000,
      },
    ];
    const server = contractFetch([
      handle(UserInfoCall, () => USER),
      handle(NotificationsListCall, () => ({
        list: rows,
        page: 1,
        limit: 6,
        total: rows.length,
        unread: rows.filter((r) => r.read_at === null).length,
      })),
      handle(NotificationsReadCall, (input) => {
        expect(input).toMatchObject({ all: 1 });
        for (const r of rows) r.read_at ??= 1_700_000_100_000;
        return { unread: 0 };
      }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<NotificationBell />, '/');
    await page.waitFor(() => expect(byTestId('notification-badge')?.textContent).toBe('1'));

    await click(byTestId('notification-bell')!);
    await page.waitFor(() =>
      expect(page!.text()).toContain('Stop-loss closed position #41 (BTC/USDT): P/L -20.6 USDT.'),
    );
    expect(page.text()).toContain('Deal #9 is marked paid.');

    rows.unshift({
      id: 3,
      kind: 'micro.settled',
      params: { id: '5', symbol: 'BTC/USDT', result: 'win', amount: '8', coin: 'USDT' },
      created_at: 1_700_000_200_000,
      read_at: null,
    });
    act(() => socket.push('notification', { type: 'notification', ...rows[0] }));
    const toasts = () => [...document.querySelectorAll('[data-testid="toast"]')].map((e) => e.textContent);
    await page.waitFor(() =>
      expect(toasts().some((x) => x?.includes('Option #5 (BTC/USDT) settled: won, 8 USDT.'))).toBe(true),
    );
    await page.waitFor(() => expect(byTestId('notification-badge')?.textContent).toBe('2'));

    const markAll = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Mark all read')!;
    await click(markAll);
    await page.waitFor(() => expect(byTestId('notification-badge')).toBeNull());
  });

  it('a click on a notification marks it read and opens its subject', async () => {
    const read: unknown[] = [];
    const rows: Notification[] = [
      {
        id: 5,
        kind: 'deal.paid',
        params: { id: '9', area: 'shop', role: 'owner', amount: '2', coin: 'USDT' },
        created_at: 1_700_000_000_000,
        read_at: null,
      },
    ];
    const server = contractFetch([
      handle(UserInfoCall, () => USER),
      handle(NotificationsListCall, () => ({ list: rows, page: 1, limit: 6, total: 1, unread: 1 })),
      handle(NotificationsReadCall, (input) => {
        read.push(input);
        return { unread: 0 };
      }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<NotificationBell />, '/');
    await page.waitFor(() => expect(byTestId('notification-badge')?.textContent).toBe('1'));
    await click(byTestId('notification-bell')!);
    await page.waitFor(() => expect(document.querySelector('[data-kind="deal.paid"]')).not.toBeNull());
    await click(document.querySelector('[data-kind="deal.paid"]')!);
    await page.waitFor(() => expect(byTestId('elsewhere')?.textContent).toBe('/shopLegalPayDetail'));
    await page.waitFor(() => expect(read).toEqual([{ id: 5, all: 0 }]));
  });
});
