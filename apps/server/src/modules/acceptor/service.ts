/**
 * The user's side of acceptors (README.md): the list, one acceptor, opening a deal (its coin goes to
 * escrow at once; a sell deal needs the trade password and, with two-factor on, its code), my deals, and
 * confirming the money of a sell deal the acceptor marked transferred.
 */
import {
  ACCEPTOR_ACCOUNT_MAX,
  ACCEPTOR_KINDS,
  ACCEPTOR_MOBILE_MAX,
  ACCEPTOR_MONEY_SCALE,
  ACCEPTOR_PAGE_SIZE,
  ACCEPTOR_RATE_SCALE,
  ACCEPTOR_SIDES,
  ACCEPTOR_WAYS,
} from '@oryx/contracts/acceptor/calls';
import { formatMinor, mulDiv, parseDecimal, pow10, type Rounding } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { lastPage } from '../../lib/paging';
import { ledger, userAccount } from '../ledger/service';
import { ACCEPTOR_STATUS, DEAL_STATE } from './config';
import { actOnAcceptorDeal, escrowDeal } from './engine';
import { acceptorRepo, type Acceptor } from './repo';
import { requireTradePassword } from '../account/guards';
import { requireSecondFactor } from '../auth/two-factor';
import { acceptorRow, acceptorsOf, currencies, dealRow, disputesOf, waysOf } from './views';

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

const kindOf = (v: unknown) => (oneOf(ACCEPTOR_KINDS, v) ? v : undefined);

export async function listAcceptors(db: Db, input: { address?: unknown; kind?: unknown }) {
  const rows = await acceptorRepo.listActive(db, kindOf(input.kind) ?? kindOf(input.address));
  const cur = await currencies(db);
  return rows.map((a) => acceptorRow(a, cur));
}

/** An active acceptor by an id from the wire (anything else: not found). */
export async function activeAcceptor(db: Db, id: unknown): Promise<Acceptor> {
  const n = typeof id === 'string' && /^\d{1,9}$/.test(id) ? Number(id) : id;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) throw new AppError('ACCEPTOR_NOT_FOUND');
  const a = await acceptorRepo.find(db, n);
  if (!a || a.status !== ACCEPTOR_STATUS.active) throw new AppError('ACCEPTOR_NOT_FOUND');
  return a;
}

const available = async (db: Db, userId: number, currencyId: number) =>
  (await ledger.balance(db, userAccount(userId, 'legal'), currencyId)).availableMinor;

/**
 * One acceptor. Its rates, limits, ways and stock are public; its payment accounts and the viewer's own
 * balance go only to an identified viewer (a session, or the session cookie of clients that send this
 * call without a token): anyone may register and see them, but they are not for anonymous scraping.
 */
export async function acceptorInfo(db: Db, viewerId: number | null, id: number) {
  const a = await activeAcceptor(db, id);
  const cur = await currencies(db);
  const scale = cur.get(a.currency_id)?.scale ?? 8;
  const shown = (text: string) => (viewerId === null ? '' : text);
  return {
    ...acceptorRow(a, cur),
    wechat_nickname: shown(a.wechat_nickname),
    wechat_account: shown(a.wechat_account),
    ali_nickname: shown(a.ali_nickname),
    ali_account: shown(a.ali_account),
    bank_name: shown(a.bank_name),
    bank_account: shown(a.bank_account),
    bank_address: shown(a.bank_address),
    user_balance: formatMinor(viewerId === null ? 0n : await available(db, viewerId, a.currency_id), scale),
    acceptor_balance: formatMinor(await available(db, a.user_id, a.currency_id), scale),
  };
}

export interface OpenDealInput {
  acceptor_id?: unknown;
  acceptor?: unknown;
  id?: unknown;
  way?: unknown;
  type?: unknown;
  mobile?: unknown;
  deal_account?: unknown;
  account?: unknown;
  money?: unknown;
  password?: string;
  totp_code?: string;
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** The coin a deal of `moneyMinor` moves at `rateMinor`: rounded against the user, per side. */
export function coinOf(moneyMinor: bigint, rateMinor: bigint, coinScale: number, rounding: Rounding): bigint {
  return mulDiv(
    moneyMinor,
    pow10(ACCEPTOR_RATE_SCALE + coinScale),
    rateMinor * pow10(ACCEPTOR_MONEY_SCALE),
    rounding,
  );
}

/** The form's checks, in the form's order: phone, trade account, money, payment way. */
function checkForm(a: Acceptor, input: OpenDealInput) {
  if (!oneOf(ACCEPTOR_SIDES, input.type)) throw new AppError('ACCEPTOR_TYPE_INVALID');
  const mobile = text(input.mobile);
  if (!mobile || mobile.length > ACCEPTOR_MOBILE_MAX || !/^\+?[0-9 -]{5,}$/.test(mobile)) {
    throw new AppError('ACCEPTOR_MOBILE_REQUIRED');
  }
  const account = text(input.deal_account ?? input.account);
  if (!account || account.length > ACCEPTOR_ACCOUNT_MAX) throw new AppError('ACCEPTOR_ACCOUNT_REQUIRED');
  let moneyMinor: bigint;
  try {
    moneyMinor = parseDecimal(input.money, ACCEPTOR_MONEY_SCALE, { maxDigits: 12 });
  } catch {
    throw new AppError('ACCEPTOR_MONEY_INVALID');
  }
  if (!oneOf(ACCEPTOR_WAYS, input.way)) throw new AppError('ACCEPTOR_WAY_REQUIRED');
  if (!waysOf(a).includes(input.way)) throw new AppError('ACCEPTOR_WAY_UNAVAILABLE');
  return { type: input.type, way: input.way, mobile, account, moneyMinor };
}

/** Opens a deal: checks, limits, the coin at the acceptor's rate, then escrow in one transaction. */
export async function openDeal(ctx: AppContext, userId: number, input: OpenDealInput): Promise<number> {
  const a = await activeAcceptor(ctx.db, input.acceptor_id ?? input.acceptor ?? input.id);
  const form = checkForm(a, input);
  if (a.user_id === userId) throw new AppError('ACCEPTOR_OWN');
  const buy = form.type === 'buy';
  const [min, max] = buy
    ? [a.recharge_min_minor, a.recharge_max_minor]
    : [a.cash_min_minor, a.cash_max_minor];
  if (form.moneyMinor < min) throw new AppError('ACCEPTOR_BELOW_MIN', { min: formatMinor(min, 2) });
  if (form.moneyMinor > max) throw new AppError('ACCEPTOR_ABOVE_MAX', { max: formatMinor(max, 2) });
  const cur = await currencies(ctx.db);
  const rateMinor = buy ? a.recharge_rate_minor : a.cash_rate_minor;
  const number = coinOf(form.moneyMinor, rateMinor, cur.get(a.currency_id)?.scale ?? 8, buy ? 'down' : 'up');
  if (number <= 0n) throw new AppError('ACCEPTOR_MONEY_INVALID');
  // A sell deal sends the user's coin to escrow for an acceptor who pays an account the request names:
  // the same step-up as a coin withdrawal, checked before the transaction (a wrong password is recorded).
  if (!buy) {
    await requireTradePassword(ctx, userId, input.password);
    await requireSecondFactor(ctx, userId, input.totp_code);
  }
  const at = ctx.clock.now();
  return runInTransaction(ctx.db, async (trx) => {
    const id = await acceptorRepo.insertDeal(trx, {
      acceptor_id: a.id,
      acceptor_user_id: a.user_id,
      user_id: userId,
      type: form.type,
      way: form.way,
      mobile: form.mobile,
      deal_account: form.account,
      currency_id: a.currency_id,
      quote_code: a.quote_code,
      money_minor: form.moneyMinor,
      rate_minor: rateMinor,
      number_minor: number,
      is_sure: DEAL_STATE.waiting,
      transferred_at: null,
      created_at: at,
      updated_at: null,
    });
    await escrowDeal(trx, (await acceptorRepo.findDeal(trx, id))!, at);
    return id;
  });
}

export async function myDeals(db: Db, userId: number, locale: string, q: { page: number; type?: string }) {
  const { rows, total } = await acceptorRepo.pageDeals(
    db,
    { userId, type: q.type },
    q.page,
    ACCEPTOR_PAGE_SIZE,
  );
  const [cur, acceptors, disputes] = [
    await currencies(db),
    await acceptorsOf(
      db,
      rows.map((r) => r.acceptor_id),
    ),
    await disputesOf(
      db,
      rows.map((r) => r.id),
    ),
  ];
  return {
    data: rows.map((d) => dealRow(d, acceptors.get(d.acceptor_id), cur, locale, disputes.get(d.id))),
    current_page: q.page,
    total,
    last_page: lastPage(total, ACCEPTOR_PAGE_SIZE),
  };
}

/** The user confirms the money of a transferred sell deal: the escrowed coin goes to the acceptor. */
export async function userConfirm(ctx: AppContext, userId: number, dealId: number): Promise<void> {
  const at = ctx.clock.now();
  await runInTransaction(ctx.db, async (trx) => {
    const deal = await acceptorRepo.findDeal(trx, dealId);
    if (!deal || deal.user_id !== userId) throw new AppError('ACCEPTOR_DEAL_NOT_FOUND');
    // A buy deal is the acceptor's to confirm: the table names the user on sell deals only.
    await actOnAcceptorDeal(trx, deal, 'confirm', 'taker', at);
  });
}
