/** The operator appoints acceptors (or changes one: rates, limits, payment details, status). */
import {
  ACCEPTOR_MONEY_SCALE,
  ACCEPTOR_RATE_SCALE,
  type AdminAcceptorSaveCall,
} from '@oryx/contracts/acceptor/calls';
import type { CallParsedInput } from '@oryx/contracts/call';
import { parseDecimal } from '@oryx/contracts/money';
import { AppError } from '../../lib/app-error';
import { catalogRepo } from '../catalog/repo';
import { userExists } from '../users/repo';
import type { AppContext } from '../../lib/context';
import { acceptorRepo } from './repo';

const amount = (v: string, scale: number) => {
  try {
    return parseDecimal(v, scale, { maxDigits: 12 });
  } catch {
    throw new AppError('ACCEPTOR_SETUP_INVALID');
  }
};

export async function saveAcceptor(ctx: AppContext, input: CallParsedInput<typeof AdminAcceptorSaveCall>) {
  const db = ctx.db;
  const user = await userExists(db, input.user_id);
  const coin = await catalogRepo.currency(db, input.currency_id);
  if (!user || coin?.is_legal !== 1) throw new AppError('ACCEPTOR_SETUP_INVALID');
  const m = (v: string) => amount(v, ACCEPTOR_MONEY_SCALE);
  const row = {
    recharge_rate_minor: amount(input.recharge_rate, ACCEPTOR_RATE_SCALE),
    recharge_min_minor: m(input.recharge_min),
    recharge_max_minor: m(input.recharge_amount),
    cash_rate_minor: amount(input.cash_rate, ACCEPTOR_RATE_SCALE),
    cash_min_minor: m(input.cash_min),
    cash_max_minor: m(input.cash_amount),
  };
  if (row.recharge_min_minor > row.recharge_max_minor || row.cash_min_minor > row.cash_max_minor) {
    throw new AppError('ACCEPTOR_SETUP_INVALID');
  }
  const hasWay = [input.wechat_account, input.ali_account, input.bank_account].some((s) => s.trim() !== '');
  if (!hasWay) throw new AppError('ACCEPTOR_SETUP_INVALID');
  const now = ctx.clock.now();
  const id = await acceptorRepo.upsert(db, {
    user_id: input.user_id,
    kind: input.kind,
    name: input.name,
    quote_code: input.quote_code.toUpperCase(),
    currency_id: input.currency_id,
    ...row,
    wechat_nickname: input.wechat_nickname.trim(),
    wechat_account: input.wechat_account.trim(),
    ali_nickname: input.ali_nickname.trim(),
    ali_account: input.ali_account.trim(),
    bank_name: input.bank_name.trim(),
    bank_account: input.bank_account.trim(),
    bank_address: input.bank_address.trim(),
    status: input.status,
    created_at: now,
    updated_at: now,
  });
  return { id };
}
