import type { z } from 'zod';
import type { C2cDealCall } from '@oryx/contracts/p2p/calls';
import type { UserCurrencyRow } from '@oryx/contracts/wallet/calls';

/** The legal-wallet currencies of the page tests (USDT, BTC) and one that is not (XRP). */
export function currencies(): z.input<typeof UserCurrencyRow>[] {
  const row = (id: number, name: string, isLegal: number, legal: string) => ({
    id,
    name,
    is_legal: isLegal,
    is_lever: 1,
    is_match: 1,
    is_micro: 1,
    decimals: 8,
    wallet: { legal_balance: legal, change_balance: '0', lever_balance: '0', micro_balance: '0' },
  });
  return [row(1, 'USDT', 1, '100.00000000'), row(2, 'BTC', 1, '0.50000000'), row(5, 'XRP', 0, '0')];
}

type Deal = z.input<typeof C2cDealCall.reply>;

/** A deal on a sell ad as its buyer (the taker) sees it, waiting for payment. */
export function deal(overrides: Partial<Deal> = {}): Deal {
  const cash = (name: string) => ({
    real_name: name,
    bank_name: 'Bank',
    bank_account: `6222-${name}`,
    alipay_account: `${name}@ali`,
    wechat_account: `wx-${name}`,
    alipay_collect: '',
    wechat_collect: '',
  });
  return {
    id: 7,
    type: 'sell',
    my_side: 'buy',
    is_sure: 0,
    number: '0.40000000',
    price: '450000.00',
    deal_money: '180000.00',
    out_fee: '0.00000000',
    coin_code: 'CNY',
    currency_name: 'BTC',
    way: 'bank',
    way_name: 'Bank card',
    create_time: '2026-11-24 10:00:00',
    format_create_time: '2026-11-24 10:00:00',
    expires_at: Date.now() + 3600_000 + 65_000,
    seller_name: 'li',
    seller_phone: '',
    phone: '',
    hes_realname: 'Li',
    is_owner: 0,
    sell_cash_info: cash('seller'),
    user_cash_info: cash('buyer'),
    pay_voucher: '',
    appeal: null,
    ...overrides,
  };
}

/** The text of every element with the test id, in the whole document (dialogs render outside the page). */
export const texts = (testId: string) =>
  [...document.querySelectorAll(`[data-testid="${testId}"]`)].map((e) => e.textContent ?? '');

export const byTestId = <E extends Element = HTMLElement>(testId: string) => {
  const el = document.querySelector<E>(`[data-testid="${testId}"]`);
  if (!el) throw new Error(`no [data-testid="${testId}"]`);
  return el;
};

/** The socket stand-in of the page tests: `push` delivers an event to the page's listeners. */
function fakeSocket() {
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
}

export const testSocket = fakeSocket();
