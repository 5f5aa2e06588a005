/**
 * Wallet rules: the caller's balances per wallet with valuations, transfers between the caller's own
 * wallets, and the logs. Balances are read from and moved through the ledger only.
 *
 * Transfer refusals, in the order they are checked (the first that applies is reported):
 *   1. WALLET_NOT_YOURS            a `user_id` field naming another user
 *   2. WALLET_UNKNOWN              from/to not among change, legal, lever, micro (or a legacy type not 1-4)
 *   3. WALLET_SAME                 from = to
 *   4. WALLET_CURRENCY_UNKNOWN     no such currency
 *   5. WALLET_CURRENCY_NOT_ENABLED the currency is not enabled for both wallets
 *   6. WALLET_AMOUNT_*             missing, not a plain decimal, <= 0, more decimals than the currency's
 *                                  scale, or too large
 *   7. WALLET_LEVER_POSITIONS_OPEN out of the lever wallet while lever positions in that currency are open
 *   8. LEDGER_INSUFFICIENT         more than the available balance of the source wallet
 */
import { translate } from '@oryx/i18n';
import { formatMinor, MoneyError, parseDecimal, type MoneyErrorCode } from '@oryx/contracts/money';
import { formatExchangeTime } from '@oryx/contracts/time';
import {
  LEGACY_TRANSFER_TYPES,
  LOG_TYPES,
  TRANSFER_WALLETS,
  type TransferWallet,
  type WalletName,
} from '@oryx/contracts/wallet/calls';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import {
  ledger,
  SYSTEM_USER_ID,
  USER_WALLETS,
  userAccount,
  type LedgerLeg,
  type UserWallet,
} from '../ledger/service';
import type { Db } from '../../db/connection';
import { catalogRepo, type CurrencyRow } from '../catalog/repo';
import { walletRepo } from './repo';
import { cnyOfUsdt, cnyPrice, loadValuation, usdtValue, type Valuation } from './valuation';
import { lastPage } from '../../lib/paging';
import { NO_WALLET_ROW_FUNDING } from '../../lib/seams';

/** Which currency flag enables a currency for a wallet. */
export const WALLET_FLAG: Record<TransferWallet, 'is_match' | 'is_legal' | 'is_lever' | 'is_micro'> = {
  change: 'is_match',
  legal: 'is_legal',
  lever: 'is_lever',
  micro: 'is_micro',
};

export function isEnabledFor(c: CurrencyRow, wallet: WalletName): boolean {
  if (wallet === 'deposit') return c.is_display === 1;
  return c[WALLET_FLAG[wallet]] === 1;
}

/** The largest amount a transfer accepts: it must fit a 64-bit minor-unit column with room to spare. */
const maxIntegerDigits = (scale: number) => Math.max(1, 18 - scale);

const AMOUNT_ERRORS: Record<MoneyErrorCode, Parameters<typeof amountError>[0]> = {
  MONEY_EMPTY: 'WALLET_AMOUNT_REQUIRED',
  MONEY_FORMAT: 'WALLET_AMOUNT_INVALID',
  MONEY_NEGATIVE: 'WALLET_AMOUNT_NOT_POSITIVE',
  MONEY_NOT_POSITIVE: 'WALLET_AMOUNT_NOT_POSITIVE',
  MONEY_TOO_MANY_DECIMALS: 'WALLET_AMOUNT_TOO_MANY_DECIMALS',
  MONEY_TOO_LARGE: 'WALLET_AMOUNT_TOO_LARGE',
};
function amountError(
  code:
    | 'WALLET_AMOUNT_REQUIRED'
    | 'WALLET_AMOUNT_INVALID'
    | 'WALLET_AMOUNT_NOT_POSITIVE'
    | 'WALLET_AMOUNT_TOO_MANY_DECIMALS'
    | 'WALLET_AMOUNT_TOO_LARGE',
  scale: number,
): AppError {
  return new AppError(code, { decimals: scale });
}

/** Parses a user's amount for a currency: exact, > 0, at most `scale` decimals, bounded. */
export function parseAmount(raw: unknown, scale: number): bigint {
  try {
    return parseDecimal(raw, scale, { maxDigits: maxIntegerDigits(scale) });
  } catch (err) {
    if (err instanceof MoneyError) throw amountError(AMOUNT_ERRORS[err.code], scale);
    throw err;
  }
}

export interface TransferRequest {
  currency_id: number;
  number?: string | number;
  from_field?: string;
  to_field?: string;
  type?: string | number;
  user_id?: string | number;
}

/** Which wallets a transfer request names (the new or the older form). */
export function resolveTransferWallets(input: TransferRequest): { from: TransferWallet; to: TransferWallet } {
  const isWallet = (v: unknown): v is TransferWallet =>
    typeof v === 'string' && (TRANSFER_WALLETS as readonly string[]).includes(v);
  if (input.from_field !== undefined || input.to_field !== undefined) {
    if (!isWallet(input.from_field) || !isWallet(input.to_field)) throw new AppError('WALLET_UNKNOWN');
    return { from: input.from_field, to: input.to_field };
  }
  const legacy = input.type !== undefined ? LEGACY_TRANSFER_TYPES[Number(input.type)] : undefined;
  if (!legacy || !/^\d+$/.test(String(input.type))) throw new AppError('WALLET_UNKNOWN');
  return legacy;
}

/** Moves `number` of a currency between two of the user's wallets, inside `trx`. Returns the success text. */
export async function transferBetweenWallets(
  ctx: AppContext,
  trx: Db,
  userId: number,
  input: TransferRequest,
  locale: string,
): Promise<string> {
  if (input.user_id !== undefined && input.user_id !== '' && String(input.user_id) !== String(userId)) {
    throw new AppError('WALLET_NOT_YOURS');
  }
  const { from, to } = resolveTransferWallets(input);
  if (from === to) throw new AppError('WALLET_SAME');
  const currency = await catalogRepo.currency(trx, input.currency_id);
  if (!currency) throw new AppError('WALLET_CURRENCY_UNKNOWN');
  if (!isEnabledFor(currency, from) || !isEnabledFor(currency, to))
    throw new AppError('WALLET_CURRENCY_NOT_ENABLED');
  const amountMinor = parseAmount(input.number, currency.scale);
  if (from === 'lever' && (await ctx.seams.leverPositions(trx, userId, currency.id))) {
    throw new AppError('WALLET_LEVER_POSITIONS_OPEN');
  }
  const now = ctx.clock.now();
  const transfer = await walletRepo.insertTransfer(trx, {
    userId,
    currencyId: currency.id,
    from,
    to,
    amountMinor,
    now,
  });
  await ledger.transfer(trx, {
    from: userAccount(userId, from),
    to: userAccount(userId, to),
    currencyId: currency.id,
    amountMinor,
    reason: 'wallet.transfer',
    ref: { type: 'wallet_transfer', id: transfer.id },
    at: now,
  });
  return translate(locale, 'wallet.transferDone');
}

// ---------------------------------------------------------------- balances

type Buckets = { available: bigint; frozen: bigint };
const ZERO: Buckets = { available: 0n, frozen: 0n };

export async function loadBalances(db: Db, userId: number) {
  const map = new Map<string, Buckets>();
  for (const b of await ledger.balances(db, userId)) {
    map.set(`${b.currencyId}/${b.wallet}`, { available: b.availableMinor, frozen: b.frozenMinor });
  }
  return (currencyId: number, wallet: UserWallet): Buckets => map.get(`${currencyId}/${wallet}`) ?? ZERO;
}

export function balanceFields(c: CurrencyRow, get: (id: number, w: UserWallet) => Buckets) {
  const f = (m: bigint) => formatMinor(m, c.scale);
  const out: Record<string, string> = {};
  for (const w of USER_WALLETS) {
    const b = get(c.id, w);
    out[`${w}_balance`] = f(b.available);
    out[`lock_${w}_balance`] = f(b.frozen);
  }
  return out as {
    change_balance: string;
    lock_change_balance: string;
    legal_balance: string;
    lock_legal_balance: string;
    lever_balance: string;
    lock_lever_balance: string;
    micro_balance: string;
    lock_micro_balance: string;
    deposit_balance: string;
    lock_deposit_balance: string;
  };
}

const fmtUsdt = (v: Valuation, minor: bigint) => formatMinor(minor, v.usdtScale);
const fmtPrice = (minor: bigint) => formatMinor(minor, 8);

export async function walletList(ctx: AppContext, userId: number) {
  const db = ctx.db;
  const currencies = (await catalogRepo.currencies(db)).filter((c) => c.is_display === 1);
  const valuation = await loadValuation(db, currencies, ctx.seams.usdtPrices);
  const get = await loadBalances(db, userId);
  const funding = await ctx.seams.walletRowFunding(db);
  let totalUsdt = 0n;
  const group = (wallet: WalletName) => {
    let usdt = 0n;
    const balance = currencies
      .filter((c) => isEnabledFor(c, wallet))
      .map((c) => {
        const b = get(c.id, wallet);
        usdt += usdtValue(valuation, c, b.available + b.frozen);
        return {
          id: c.id,
          currency: c.id,
          currency_name: c.name,
          ...(funding.get(c.id) ?? NO_WALLET_ROW_FUNDING),
          is_match: c.is_match,
          is_legal: c.is_legal,
          is_lever: c.is_lever,
          is_micro: c.is_micro,
          usdt_price: fmtPrice(valuation.usdtPrice.get(c.id) ?? 0n),
          cny_price: fmtPrice(cnyPrice(valuation, c.id)),
          ...balanceFields(c, get),
        };
      });
    totalUsdt += usdt;
    return {
      balance,
      usdt_totle: fmtUsdt(valuation, usdt),
      cny_totle: fmtUsdt(valuation, cnyOfUsdt(valuation, usdt)),
    };
  };
  const legal_wallet = group('legal');
  const change_wallet = group('change');
  const lever_wallet = group('lever');
  const micro_wallet = group('micro');
  const deposit_wallet = group('deposit');
  return {
    legal_wallet,
    change_wallet,
    lever_wallet,
    micro_wallet,
    deposit_wallet,
    is_open_CTbi: ctx.env.FUNDING_OPEN ? 1 : 0,
    total_usdt: fmtUsdt(valuation, totalUsdt),
    total_cny: fmtUsdt(valuation, cnyOfUsdt(valuation, totalUsdt)),
    fiat_convert_cny: fmtPrice(valuation.cnyPerUsdt),
  };
}

export async function accountCentre(ctx: AppContext, userId: number) {
  const db = ctx.db;
  const currencies = await catalogRepo.currencies(db);
  const valuation = await loadValuation(db, currencies, ctx.seams.usdtPrices);
  const get = await loadBalances(db, userId);
  let total = 0n;
  const list = [];
  for (const c of currencies) {
    let available = 0n;
    let frozen = 0n;
    for (const w of USER_WALLETS) {
      const b = get(c.id, w);
      available += b.available;
      frozen += b.frozen;
    }
    if (c.is_display !== 1 && available === 0n && frozen === 0n) continue;
    const value = usdtValue(valuation, c, available + frozen);
    total += value;
    list.push({
      currency_id: c.id,
      token: c.name,
      balance: formatMinor(available, c.scale),
      lock_balance: formatMinor(frozen, c.scale),
      usdt_value: fmtUsdt(valuation, value),
    });
  }
  const user = await walletRepo.accountNumber(db, userId);
  return {
    list,
    account_number: user?.account_number ?? '',
    total_assets: fmtUsdt(valuation, total),
    total_assets_cny: fmtUsdt(valuation, cnyOfUsdt(valuation, total)),
  };
}

export async function walletDetail(ctx: AppContext, userId: number, currencyId: number, type: string) {
  const db = ctx.db;
  if (!(USER_WALLETS as readonly string[]).includes(type)) throw new AppError('WALLET_UNKNOWN');
  const currencies = await catalogRepo.currencies(db);
  const c = currencies.find((x) => x.id === currencyId);
  if (!c) throw new AppError('WALLET_CURRENCY_UNKNOWN');
  const valuation = await loadValuation(db, currencies, ctx.seams.usdtPrices);
  const get = await loadBalances(db, userId);
  return {
    currency_id: c.id,
    currency_name: c.name,
    type,
    usdt_price: fmtPrice(valuation.usdtPrice.get(c.id) ?? 0n),
    cny_price: fmtPrice(cnyPrice(valuation, c.id)),
    ExRate: fmtPrice(valuation.cnyPerUsdt),
    ...balanceFields(c, get),
  };
}

// ---------------------------------------------------------------- logs

/** A wallet or system account's name in the reader's language. */
function accountLabel(locale: string, selfId: number, who: { userId: number; wallet: string }): string {
  if (who.userId === SYSTEM_USER_ID) return translate(locale, `wallet.systemAccount.${who.wallet}`);
  if (who.userId !== selfId) return translate(locale, 'wallet.otherUser');
  return translate(locale, `wallet.walletName.${who.wallet}`);
}

/** The text of a journal reason: `<area>.ledgerReason.<name>`, else the generic text. */
export function reasonText(locale: string, reason: string, params: Record<string, string>): string {
  const [area, name] = reason.split('.', 2);
  const key = `${area}.ledgerReason.${name}`;
  const text = translate(locale, key, params);
  return text === key ? translate(locale, 'wallet.ledgerReason.other', { ...params, reason }) : text;
}

function legRow(locale: string, userId: number, leg: LedgerLeg, currencies: Map<number, CurrencyRow>) {
  const c = currencies.get(leg.currencyId);
  const scale = c?.scale ?? 8;
  const self = { userId, wallet: leg.wallet };
  const isOut = leg.valueMinor < 0n;
  const text = (lang: string) => {
    const params = {
      from: accountLabel(lang, userId, isOut ? self : leg.counterpart),
      to: accountLabel(lang, userId, isOut ? leg.counterpart : self),
      currency: c?.name ?? String(leg.currencyId),
    };
    const base = reasonText(lang, leg.reason, params);
    return leg.bucket === 'frozen' ? translate(lang, 'wallet.fromFrozen', { text: base }) : base;
  };
  return {
    id: `${leg.entryId}${leg.valueMinor < 0n ? 'd' : 'c'}`,
    created_time: formatExchangeTime(leg.at),
    info: text(locale),
    value: formatMinor(leg.valueMinor, scale),
    currency_id: leg.currencyId,
    currency_name: c?.name ?? '',
    wallet: leg.wallet,
    reason: leg.reason,
    type_info_e: text('en'),
    type_info_j: text('jp'),
    type_info_m: text('zh'),
  };
}

async function currencyIdOf(db: Db, raw: string | number | undefined): Promise<number | undefined> {
  if (raw === undefined || raw === '' || raw === 0 || raw === '0') return undefined;
  if (/^\d+$/.test(String(raw))) {
    const c = await catalogRepo.currency(db, Number(raw));
    if (!c) throw new AppError('WALLET_CURRENCY_UNKNOWN');
    return c.id;
  }
  const byName = await catalogRepo.currencyByName(db, String(raw));
  if (!byName) throw new AppError('WALLET_CURRENCY_UNKNOWN');
  return byName.id;
}

export async function walletLog(
  ctx: AppContext,
  userId: number,
  locale: string,
  q: { currency?: string | number; type?: string | number; page: number; limit: number },
) {
  let wallets: UserWallet[] | undefined;
  if (q.type !== undefined && q.type !== '') {
    const key = String(q.type);
    // An own property only: `type=__proto__` or `constructor` is an unknown wallet, not Object's members.
    const w = Object.hasOwn(LOG_TYPES, key) ? LOG_TYPES[key] : undefined;
    if (!w) throw new AppError('WALLET_UNKNOWN');
    wallets = [w];
  }
  const currencyId = await currencyIdOf(ctx.db, q.currency);
  const { legs, total } = await ledger.history(ctx.db, {
    userId,
    wallets,
    currencyId,
    page: q.page,
    limit: q.limit,
  });
  const currencies = new Map((await catalogRepo.currencies(ctx.db)).map((c) => [c.id, c]));
  return {
    list: legs.map((l) => legRow(locale, userId, l, currencies)),
    current_page: q.page,
    last_page: lastPage(total, q.limit),
    total,
    per_page: q.limit,
  };
}

export async function accountLog(
  ctx: AppContext,
  userId: number,
  locale: string,
  q: { page: number; limit: number },
) {
  const { list, ...page } = await walletLog(ctx, userId, locale, q);
  return { data: list, ...page };
}

export async function transferHistory(
  ctx: AppContext,
  userId: number,
  locale: string,
  q: { page: number; limit: number; currency?: string | number },
) {
  const currencyId = await currencyIdOf(ctx.db, q.currency);
  const { rows, total } = await walletRepo.transfers(ctx.db, userId, {
    currencyId,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  const currencies = new Map((await catalogRepo.currencies(ctx.db)).map((c) => [c.id, c]));
  return {
    data: rows.map((r) => {
      const c = currencies.get(r.currency_id);
      return {
        id: r.id,
        created_time: formatExchangeTime(r.created_at),
        info: reasonText(locale, 'wallet.transfer', {
          from: translate(locale, `wallet.walletName.${r.from_wallet}`),
          to: translate(locale, `wallet.walletName.${r.to_wallet}`),
          currency: c?.name ?? '',
        }),
        value: formatMinor(r.amount_minor, c?.scale ?? 8),
        currency_id: r.currency_id,
        currency_name: c?.name ?? '',
        from_field: r.from_wallet,
        to_field: r.to_wallet,
      };
    }),
    current_page: q.page,
    last_page: lastPage(total, q.limit),
    total,
    per_page: q.limit,
  };
}
