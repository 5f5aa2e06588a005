/**
 * The money of one order, inside the caller's transaction: open (margin held, fee to `fees`), close at a
 * mark (margin back ± P/L against `lever_pool`, a loss beyond the user's equity absorbed by the pool),
 * revoke (margin and fee back). Every movement is one ledger entry with ref `lever_order` / id.
 */
import { AppError, invariant } from '../../lib/app-error';
import type { Db } from '../../db/connection';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import type { ConsumeMovement, HoldMovement, TransferMovement } from '../ledger/service';
import { leverRepo, type LeverOrder } from './repo';
import { closeMoney } from './rules';

export const LEDGER_REF_TYPE = 'lever_order';
export type CloseReason = 'user' | 'batch' | 'take_profit' | 'stop_loss' | 'liquidation';

/** Holds the margin and charges the fee of a new order (already inserted as `orderId`). */
export async function takeMargin(
  trx: Db,
  o: { id: number; userId: number; legalId: number; marginMinor: bigint; feeMinor: bigint; at: number },
): Promise<void> {
  const account = userAccount(o.userId, 'lever');
  const m = { currencyId: o.legalId, ref: { type: LEDGER_REF_TYPE, id: o.id }, at: o.at };
  await ledger.freeze(trx, { ...m, account, amountMinor: o.marginMinor, reason: 'lever.margin' });
  if (o.feeMinor > 0n) {
    await ledger.transfer(trx, {
      ...m,
      from: account,
      to: systemAccount('fees'),
      amountMinor: o.feeMinor,
      reason: 'lever.fee',
    });
  }
}

/** Revokes a pending order: margin released, fee paid back from `fees`. */
export async function revokeOrder(trx: Db, o: LeverOrder, at: number): Promise<void> {
  const ok = await leverRepo.transition(trx, o.id, 0, { status: 4, closed_at: at, close_reason: 'cancel' });
  if (!ok) throw new AppError('LEVER_ORDER_NOT_PENDING');
  const account = userAccount(o.user_id, 'lever');
  const m = { currencyId: o.legal_id, ref: { type: LEDGER_REF_TYPE, id: o.id }, at };
  await ledger.release(trx, { ...m, account, amountMinor: o.margin_minor, reason: 'lever.margin_return' });
  if (o.fee_minor > 0n) {
    await ledger.transfer(trx, {
      ...m,
      from: systemAccount('fees'),
      to: account,
      amountMinor: o.fee_minor,
      reason: 'lever.fee_refund',
    });
  }
}

/** Where a close's movements go: the ledger in a transaction, or a LedgerBatch (the batched close). */
export interface CloseSink {
  consume(m: ConsumeMovement): void | Promise<unknown>;
  release(m: HoldMovement): void | Promise<unknown>;
  transfer(m: TransferMovement): void | Promise<unknown>;
}

/**
 * The movements of closing open position `o` with P/L `pnl`, `availableMinor` free in its lever wallet:
 * margin back ± P/L against `lever_pool`; a loss from the margin, then the balance; the rest is the pool's.
 */
export async function closeMovements(
  sink: CloseSink,
  o: LeverOrder,
  pnl: bigint,
  availableMinor: bigint,
  at: number,
): Promise<void> {
  const account = userAccount(o.user_id, 'lever');
  const pool = systemAccount('lever_pool');
  const m = { currencyId: o.legal_id, ref: { type: LEDGER_REF_TYPE, id: o.id }, at };
  const x = closeMoney(o.margin_minor, pnl, availableMinor);
  if (x.lossFromMargin > 0n) {
    await sink.consume({
      ...m,
      from: account,
      to: pool,
      amountMinor: x.lossFromMargin,
      reason: 'lever.loss',
    });
  }
  if (x.releaseMinor > 0n) {
    await sink.release({ ...m, account, amountMinor: x.releaseMinor, reason: 'lever.margin_return' });
  }
  if (x.lossFromBalance > 0n) {
    await sink.transfer({
      ...m,
      from: account,
      to: pool,
      amountMinor: x.lossFromBalance,
      reason: 'lever.loss',
    });
  }
  if (x.profitMinor > 0n) {
    await sink.transfer({
      ...m,
      from: pool,
      to: account,
      amountMinor: x.profitMinor,
      reason: 'lever.profit',
    });
  }
  invariant(x.lossFromMargin + x.releaseMinor === o.margin_minor, `lever order ${o.id}: margin not settled`);
}
