import type { z } from 'zod';
import type { LeverDealCall, LeverOrderRow } from '@oryx/contracts/lever/calls';
import type { QuotationNewCall, QuotationItem } from '@oryx/contracts/market/calls';

/** A lever market of the quotation (BTC/USDT) for the page tests. */
export function leverMarket(overrides: Partial<QuotationItem> = {}): QuotationItem {
  return {
    id: 1,
    legal_id: 1,
    legal_name: 'USDT',
    currency_id: 2,
    currency_name: 'BTC',
    symbol: 'BTC/USDT',
    now_price: '96000.00',
    change: '+1.25',
    volume: '1200.5',
    high: '96500.00',
    low: '95000.00',
    is_display: 1,
    open_coin_trade: 1,
    open_lever: 1,
    open_microtrade: 0,
    lever_share_num: '0.01',
    lever_trade_fee: '0.2',
    spread: '0.1',
    rmb_relation: '7',
    added: false,
    price_decimals: 2,
    amount_decimals: 4,
    ...overrides,
  };
}

export const quotationOf = (items: QuotationItem[]): z.input<typeof QuotationNewCall.reply> => [
  { id: 1, name: 'USDT', fiat_convert_cny: '7', rmb_relation: '7', quotation: items },
];

export function leverDeal(overrides: Partial<z.input<typeof LeverDealCall.reply>> = {}) {
  const levels = (from: number, step: number) =>
    Array.from({ length: 10 }, (_, i) => ({ price: `${from + i * step}.00`, number: '1.5' }));
  const deal: z.input<typeof LeverDealCall.reply> = {
    match_id: 1,
    legal_id: 1,
    currency_id: 2,
    symbol: 'BTC/USDT',
    multiple: { muit: [{ value: 10 }, { value: 20 }], share: [{ value: 1 }, { value: 2 }, { value: 5 }] },
    lever_share_limit: { min: 1, max: 100 },
    lever_share_num: '0.01',
    spread: '0.1',
    lever_trade_fee: '0.2',
    overnight: '0.05',
    liquidation_rate: '50',
    all_levers: '5000.00',
    user_lever: '5000.00',
    last_price: '96000.00',
    // Bids best first; asks highest first, best ask last.
    lever_transaction: { in: levels(95990, -10), out: levels(96100, -10) },
    my_transaction: [
      {
        id: 7,
        type: 1,
        price: '96096.00',
        number: '2',
        origin_caution_money: '1921.92',
        profits: '-1.92',
        status: 1,
        stop_loss_price: '0',
        target_profit_price: '0',
        time: '2026-11-24 10:00:00',
      },
    ],
    ...overrides,
  };
  return deal;
}

export function leverRow(overrides: Partial<LeverOrderRow> = {}): LeverOrderRow {
  return {
    id: 7,
    legal_id: 1,
    currency_id: 2,
    legal: 'USDT',
    currency: 'BTC',
    symbol: 'BTC/USDT',
    type: 1,
    status: 1,
    status_name: 'In trade',
    share: 2,
    multiple: 10,
    number: '0.02',
    origin_price: '96000.00',
    price: '96096.00',
    update_price: '96000.00',
    caution_money: '192.19',
    origin_caution_money: '192.19',
    trade_fee: '3.84',
    overnight_money: '0',
    profits: '-1.92',
    target_profit_price: '0',
    stop_loss_price: '0',
    transaction_time: '2026-11-24 10:00:00',
    handle_time: '',
    create_time: '2026-11-24 10:00:00',
    close_reason: '',
    ...overrides,
  };
}

/** The socket stand-in of the page tests: `push` delivers an event to the page's listeners. */
export function fakeSocket() {
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

/** One socket for a test file (the mocked `getSocket` returns it). */
export const testSocket = fakeSocket();

/** The text of every element with the test id, in the whole document (dialogs and toasts render outside the page). */
export const texts = (testId: string) =>
  [...document.querySelectorAll(`[data-testid="${testId}"]`)].map((e) => e.textContent ?? '');

export const byTestId = <E extends Element = HTMLElement>(testId: string) => {
  const el = document.querySelector<E>(`[data-testid="${testId}"]`);
  if (!el) throw new Error(`no [data-testid="${testId}"]`);
  return el;
};
