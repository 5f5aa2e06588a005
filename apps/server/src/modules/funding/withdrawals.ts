/**
 * Coin withdrawals. A request is checked (refusals below, in this order; nothing is frozen on any of them),
 * then in one transaction recorded and its whole amount frozen in the change wallet. When review.ts says so
 * (the user's withdrawals in 24 hours worth more than FUNDING_REVIEW_USDT, a coin with no price, or above
 * the coin's own `approval_above_minor`) it waits for an operator (status 0); otherwise it is queued to
 * send (status 1).
 * `processWithdrawals` (background, and tests) sends queued ones through the chain adapter (idempotent per
 * withdrawal) and follows sent ones: final → status 2, the frozen amount leaves (amount - fee to
 * `chain_hot_wallet`, on the EVM chain `evm_hot_wallet`; the fee to `fees`); failed → status 3, the frozen amount is released. An operator's
 * rejection releases it too (status 3).
 *
 * Refusals: FUNDING_CLOSED, FUNDING_CURRENCY_UNKNOWN, FUNDING_WITHDRAW_CLOSED, FUNDING_NETWORK_UNKNOWN,
 * FUNDING_ADDRESS_REQUIRED, FUNDING_ADDRESS_INVALID, FUNDING_MEMO_REQUIRED, FUNDING_AMOUNT_INVALID,
 * FUNDING_AMOUNT_BELOW_MIN (the wire's lessMin), FUNDING_AMOUNT_ABOVE_MAX, FUNDING_FEE_MISMATCH (a `rate`
 * sent that is neither the server's fee nor the network's percent), the trade password's ('not' when none is set), FUNDING_INSUFFICIENT.
 */
import { notifyOperators } from '../notifications/operators';
import { feeOf, formatMinor, parseDecimal } from '@oryx/contracts/money';
import { assertNotOwnAccount, closeOpenRequest, fourEyes } from '../console/four-eyes';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { runInTransaction } from '../../db/transaction';
import type { Db } from '../../db/connection';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { settleHeldPayout, type HeldPayoutWay } from './held-payout';
import { withdrawalsRepo } from './withdrawals-repo';
import { requireTradePassword } from '../account/guards';
import { requireSecondFactor } from '../auth/two-factor';
import { chainAdapter } from './chain/registry';
import type { NetworkFee } from './chain/adapter';
import { fundingConfigRepo } from './config-repo';
import type { CoinTerms, Network } from './config';
import { amountOf, assertOpen, coinOf, networkOf } from './service';
import { assertUsable, checkAddress } from './address-book';
import { withdrawalNeedsReview } from './review';

export const WITHDRAW_REF_TYPE = 'funding_withdrawal';
export const WITHDRAW_STATUS = { review: 0, sending: 1, success: 2, failed: 3 } as const;
/** The four-eyes kind of a withdrawal approval. */
export const WITHDRAWAL_KIND = 'funding.withdrawal';

/** The fee of withdrawing `amountMinor`: the coin's fixed fee plus the network's rate (`feeOf`, rounded up). */
export function withdrawalFeeOf(coin: CoinTerms, network: Network, amountMinor: bigint): bigint {
  return coin.withdraw_fee_minor + feeOf(amountMinor, network.fee_rate_bps);
}

export interface WithdrawInput {
  currency: number;
  type?: string | number;
  number?: unknown;
  rate?: unknown;
  address?: string;
  memo?: string;
  pay_password?: string;
  /** With two-factor on: the authenticator's code or a recovery code. */
  totp_code?: string;
}

/**
 * `wallet/calculat_fee`: the fee (`rate`) and what arrives (`real_number`), with the parts of the fee
 * (`withdraw_fee` fixed, `fee_rate` percent) and the network answered for (`type`). Without `type`, as
 * the specification's clients send it, the coin's default network.
 */
export async function calculateFee(
  ctx: AppContext,
  input: { currency: number; type?: string | number; number?: unknown },
) {
  assertOpen(ctx);
  const coin = await coinOf(ctx.db, input.currency);
  const network = await networkOf(ctx.db, coin, input.type, { orDefault: true });
  const amount = amountOf(input.number, coin);
  const fee = withdrawalFeeOf(coin, network, amount);
  const net = amount > fee ? amount - fee : 0n;
  return {
    rate: formatMinor(fee, coin.scale),
    real_number: formatMinor(net, coin.scale),
    withdraw_fee: formatMinor(coin.withdraw_fee_minor, coin.scale),
    fee_rate: formatMinor(BigInt(network.fee_rate_bps), 2),
    type: network.type,
  };
}

/** A decimal a client sent at `scale` decimals; null when unreadable or finer. */
function sentDecimal(raw: unknown, scale: number): bigint | null {
  try {
    return parseDecimal(raw, scale, { allowZero: true });
  } catch {
    return null;
  }
}

/**
 * `rate` as clients send it: the fee itself (what `calculat_fee` answered) or the network's percent (what
 * `get_info.type_data[].rate` shows, the specification's clients). Either is only checked against the
 * server's terms; the fee charged is always the server's.
 */
function rateMatches(raw: unknown, coin: CoinTerms, network: Network, fee: bigint): boolean {
  if (raw === undefined || raw === '') return true;
  return sentDecimal(raw, coin.scale) === fee || sentDecimal(raw, 2) === BigInt(network.fee_rate_bps);
}

interface Checked {
  coin: CoinTerms;
  network: Network;
  address: string;
  memo: string;
  amount: bigint;
  fee: bigint;
}

async function check(ctx: AppContext, input: WithdrawInput): Promise<Checked> {
  assertOpen(ctx);
  const coin = await coinOf(ctx.db, input.currency);
  if (coin.withdraw_open !== 1) throw new AppError('FUNDING_WITHDRAW_CLOSED');
  const network = await networkOf(ctx.db, coin, input.type);
  const { address, memo } = checkAddress(ctx, coin, network, input.address, input.memo);
  const amount = amountOf(input.number, coin);
  const min =
    coin.min_withdraw_minor > network.min_withdraw_minor
      ? coin.min_withdraw_minor
      : network.min_withdraw_minor;
  const fee = withdrawalFeeOf(coin, network, amount);
  const floor = min > fee ? min : fee + 1n;
  if (amount < floor)
    throw new AppError('FUNDING_AMOUNT_BELOW_MIN', {
      min: formatMinor(floor, coin.scale),
      currency: coin.name,
    });
  if (amount > coin.max_withdraw_minor)
    throw new AppError('FUNDING_AMOUNT_ABOVE_MAX', {
      max: formatMinor(coin.max_withdraw_minor, coin.scale),
      currency: coin.name,
    });
  if (!rateMatches(input.rate, coin, network, fee)) {
    throw new AppError('FUNDING_FEE_MISMATCH', { fee: formatMinor(fee, coin.scale), currency: coin.name });
  }
  return { coin, network, address, memo, amount, fee };
}

/**
 * Some clients of this API family send `wallet/out` without `type`: the network is then the one on which
 * the caller bound this address, when there is exactly one (else none, and a coin with several networks
 * refuses with FUNDING_NETWORK_UNKNOWN as before).
 */
async function boundNetworkOf(ctx: AppContext, userId: number, input: WithdrawInput) {
  const address = (input.address ?? '').trim();
  if (!address || !Number.isInteger(input.currency)) return undefined;
  const rows = await withdrawalsRepo.bookedNetworkTypes(ctx.db, userId, input.currency, address);
  return rows.length === 1 ? rows[0]!.type : undefined;
}

/** `wallet/out`: checks, then records the withdrawal and freezes its amount. Returns its id. */
export async function requestWithdrawal(
  ctx: AppContext,
  userId: number,
  input: WithdrawInput,
  ip = '',
): Promise<number> {
  const c = await check(ctx, { ...input, type: input.type ?? (await boundNetworkOf(ctx, userId, input)) });
  await assertUsable(ctx, userId, c.network, c.address, c.memo);
  await requireTradePassword(ctx, userId, input.pay_password, { legacy: true, ip });
  await requireSecondFactor(ctx, userId, input.totp_code);
  const at = ctx.clock.now();
  try {
    return await runInTransaction(ctx.db, async (trx) => {
      const review = await withdrawalNeedsReview(ctx, trx, {
        userId,
        currencyId: c.coin.currency_id,
        amountMinor: c.amount,
        coinLimitMinor: c.coin.approval_above_minor,
      });
      const status = review ? WITHDRAW_STATUS.review : WITHDRAW_STATUS.sending;
      const id = await withdrawalsRepo.insert(trx, {
        user_id: userId,
        currency_id: c.coin.currency_id,
        network_id: c.network.id,
        chain: c.network.chain,
        address: c.address,
        memo: c.memo,
        amount_minor: c.amount,
        fee_minor: c.fee,
        status,
        tx_hash: null,
        notes: '',
        created_at: at,
        finished_at: null,
      });
      await ledger.freeze(trx, {
        account: userAccount(userId, 'change'),
        currencyId: c.coin.currency_id,
        amountMinor: c.amount,
        reason: 'funding.withdraw_freeze',
        ref: { type: WITHDRAW_REF_TYPE, id },
        at,
      });
      const money = { currencyId: c.coin.currency_id, minor: c.amount };
      const notice = { kind: 'console.withdrawal' as const, params: { id, area: 'coin' }, money };
      if (review) await notifyOperators(trx, notice, [userId], at);
      return id;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'LEDGER_INSUFFICIENT')
      throw new AppError('FUNDING_INSUFFICIENT');
    throw err;
  }
}

type WithdrawalRow = Awaited<ReturnType<typeof loadWithdrawal>>;
async function loadWithdrawal(db: Db, id: number) {
  return withdrawalsRepo.byId(db, id);
}

/** Moves a withdrawal from `from` to its end: success (the money leaves) or failed (the money returns). */
export async function finish(
  ctx: AppContext,
  w: NonNullable<WithdrawalRow>,
  from: number,
  ok: boolean,
  notes: string,
  gas?: Gas,
) {
  return runInTransaction(ctx.db, (trx) => finishIn(ctx, trx, w, from, ok, notes, gas));
}

/** The network fee a sent withdrawal paid, in the native currency (booked against `chain_gas`). */
interface Gas {
  currencyId: number;
  amountMinor: bigint;
}

/** How a withdrawal's held amount settles (held-payout.ts): the net leaves through the hot wallet. */
const WITHDRAWAL_WAY: HeldPayoutWay = {
  refType: WITHDRAW_REF_TYPE,
  outAccount: 'chain_hot_wallet',
  reasons: { out: 'funding.withdraw', fee: 'funding.withdraw_fee', release: 'funding.withdraw_release' },
};

/** On the EVM chain the hot wallet's own account pays (evm-reconcile.ts holds it against the chain). */
const EVM_WITHDRAWAL_WAY: HeldPayoutWay = { ...WITHDRAWAL_WAY, outAccount: 'evm_hot_wallet' };

/** `finish` inside the caller's transaction. */
async function finishIn(
  ctx: AppContext,
  trx: Db,
  w: NonNullable<WithdrawalRow>,
  from: number,
  ok: boolean,
  notes: string,
  gas?: Gas,
): Promise<boolean> {
  const at = ctx.clock.now();
  const status = ok ? WITHDRAW_STATUS.success : WITHDRAW_STATUS.failed;
  if (!(await withdrawalsRepo.moveFrom(trx, w.id, from, { status, notes, finished_at: at }))) return false;
  const isEvm = 'chain' in w && w.chain === ctx.env.EVM_CHAIN;
  const way = isEvm ? EVM_WITHDRAWAL_WAY : WITHDRAWAL_WAY;
  await settleHeldPayout(trx, way, w, ok, notes, at);
  if (gas && gas.amountMinor > 0n)
    await ledger.transfer(trx, {
      from: systemAccount('chain_gas'),
      to: systemAccount(way.outAccount),
      currencyId: gas.currencyId,
      amountMinor: gas.amountMinor,
      reason: 'funding.withdraw_gas',
      ref: { type: WITHDRAW_REF_TYPE, id: w.id },
      at,
    });
  return true;
}

/**
 * Operator: approve (queued to send) or reject (refunded) a withdrawal waiting for review. An approval is
 * a four-eyes action (console/four-eyes.ts) with the withdrawing user as beneficiary: one operator alone
 * only within the four-eyes amount and window, else the first approval only records the request
 * (`pending` true, the withdrawal still waits) and a different operator's approval sends it. The owner of
 * the withdrawal decides nothing about it (`CONSOLE_FOUR_EYES_OWN_ACCOUNT`). A rejection also closes a
 * first approval still waiting for its second.
 */
export async function decideWithdrawal(ctx: AppContext, id: number, approve: boolean, actorId: number) {
  const w = await loadWithdrawal(ctx.db, id);
  if (!w) throw new AppError('FUNDING_NOT_FOUND');
  if (w.status !== WITHDRAW_STATUS.review) throw new AppError('FUNDING_ALREADY_DECIDED');
  assertNotOwnAccount(actorId, w.user_id);
  if (!approve) {
    await runInTransaction(ctx.db, async (trx) => {
      if (!(await finishIn(ctx, trx, w, WITHDRAW_STATUS.review, false, 'rejected')))
        throw new AppError('FUNDING_ALREADY_DECIDED');
      await closeOpenRequest(trx, WITHDRAWAL_KIND, id, actorId, ctx.clock.now());
    });
    return { pending: false };
  }
  return runInTransaction(ctx.db, async (trx) => {
    const check = await fourEyes(ctx, trx, {
      kind: WITHDRAWAL_KIND,
      subjectId: id,
      currencyId: w.currency_id,
      amountMinor: w.amount_minor,
      actorId,
      reason: `withdrawal ${id} to ${w.address}`,
      beneficiaryId: w.user_id,
    });
    if (check.decision === 'pending') return { pending: true };
    const sending = { status: WITHDRAW_STATUS.sending };
    if (!(await withdrawalsRepo.moveFrom(trx, id, WITHDRAW_STATUS.review, sending)))
      throw new AppError('FUNDING_ALREADY_DECIDED');
    return { pending: false };
  });
}

type SendingRow = NonNullable<WithdrawalRow> & { contract_address: string; confirmations: number };

/**
 * Sends the queued withdrawals and follows the sent ones to final or failed. A withdrawal whose adapter
 * call fails (the node unreachable, say) is logged and tried again on the next run; the others go on.
 */
export async function processWithdrawals(ctx: AppContext): Promise<void> {
  const rows = await withdrawalsRepo.inStatusWithNetwork(ctx.db, WITHDRAW_STATUS.sending);
  await prepareBatches(ctx, rows);
  for (const w of rows) {
    try {
      await processOne(ctx, w);
    } catch (err) {
      ctx.log.warn({ err, withdrawal: w.id }, 'funding: withdrawal step failed, retried next run');
    }
  }
}

/** Hands each batching chain its withdrawals still to send (adapter.prepareSends); errors wait a run. */
async function prepareBatches(ctx: AppContext, rows: SendingRow[]): Promise<void> {
  const byChain = new Map<string, SendingRow[]>();
  for (const w of rows) if (w.tx_hash === null) byChain.set(w.chain, [...(byChain.get(w.chain) ?? []), w]);
  for (const [chain, due] of byChain) {
    try {
      const adapter = chainAdapter(ctx, chain);
      await adapter.prepareSends?.(due.map((w) => sendRequestOf(w)));
    } catch (err) {
      ctx.log.warn({ err, chain }, 'funding: withdrawal batch failed, retried next run');
    }
  }
}

const sendRequestOf = (w: SendingRow) => ({
  reference: `withdrawal-${w.id}`,
  asset: w.contract_address,
  to: w.address,
  memo: w.memo,
  amountMinor: w.amount_minor - w.fee_minor,
});

async function processOne(ctx: AppContext, w: SendingRow): Promise<void> {
  const adapter = chainAdapter(ctx, w.chain);
  if (w.tx_hash === null) {
    const sent = await adapter.send(sendRequestOf(w));
    await withdrawalsRepo.setTxHash(ctx.db, w.id, sent.txHash);
    return;
  }
  const state = await adapter.follow(w.tx_hash, w.confirmations);
  if (state.state !== 'final' && state.state !== 'failed') return;
  const gas = state.networkFee && (await gasOf(ctx, w.chain, state.networkFee));
  if (state.state === 'final') await finish(ctx, w, WITHDRAW_STATUS.sending, true, '', gas);
  else await finish(ctx, w, WITHDRAW_STATUS.sending, false, state.reason, gas);
}

/** The fee's currency: the one configured for that asset of the chain (none: not booked, logged). */
async function gasOf(ctx: AppContext, chain: string, fee: NetworkFee): Promise<Gas | undefined> {
  const n = await fundingConfigRepo.networkOfAsset(ctx.db, chain, fee.asset);
  if (!n) ctx.log.warn({ chain }, 'funding: no network for the native coin, a withdrawal gas is not booked');
  return n && { currencyId: n.currency_id, amountMinor: fee.amountMinor };
}
