/**
 * The acceptor's side: its own row and balance, its deals, and the three moves on a deal (confirm,
 * reject, mark transferred). Only the deal's acceptor may act; anyone else learns nothing (not found).
 */
import { ACCEPTOR_PAGE_SIZE } from '@oryx/contracts/acceptor/calls';
import { formatMinor } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { lastPage } from '../../lib/paging';
import { ledger, userAccount } from '../ledger/service';
import { accountNumbersOf } from '../users/repo';
import { actOnAcceptorDeal } from './engine';
import { acceptorRepo, type Acceptor, type AcceptorDeal } from './repo';
import { acceptorRow, acceptorsOf, currencies, dealRow, disputesOf } from './views';

export type DeskAction = 'confirm' | 'reject' | 'transferred';

async function myAcceptor(db: Db, userId: number): Promise<Acceptor> {
  const a = await acceptorRepo.byUser(db, userId);
  if (!a) throw new AppError('ACCEPTOR_NOT_ACCEPTOR');
  return a;
}

export async function mine(db: Db, userId: number) {
  const a = await acceptorRepo.byUser(db, userId);
  if (!a) return { is_acceptor: 0, acceptor: null };
  const cur = await currencies(db);
  const bal = await ledger.balance(db, userAccount(userId, 'legal'), a.currency_id);
  return {
    is_acceptor: 1,
    acceptor: {
      ...acceptorRow(a, cur),
      balance: formatMinor(bal.availableMinor, cur.get(a.currency_id)?.scale ?? 8),
      open_deals: await acceptorRepo.countOpen(db, a.id),
    },
  };
}

export async function deskDeals(
  db: Db,
  userId: number,
  locale: string,
  q: { page: number; status: 'open' | 'all' },
) {
  const a = await myAcceptor(db, userId);
  const by = { acceptorId: a.id, onlyOpen: q.status === 'open' };
  const { rows, total } = await acceptorRepo.pageDeals(db, by, q.page, ACCEPTOR_PAGE_SIZE);
  const cur = await currencies(db);
  const users = await accountNumbers(db, rows);
  const disputes = await disputesOf(
    db,
    rows.map((d) => d.id),
  );
  return {
    data: rows.map((d) => ({
      ...dealRow(d, a, cur, locale, disputes.get(d.id)),
      user_account: users.get(d.user_id) ?? '',
    })),
    current_page: q.page,
    total,
    last_page: lastPage(total, ACCEPTOR_PAGE_SIZE),
  };
}

/** Operators: every acceptor's deals, open ones (waiting for the acceptor) or all, newest first. */
export async function allDeals(db: Db, locale: string, q: { page: number; status: 'open' | 'all' }) {
  const { rows, total } = await acceptorRepo.pageDeals(
    db,
    { onlyOpen: q.status === 'open' },
    q.page,
    ACCEPTOR_PAGE_SIZE,
  );
  const [cur, users, acceptors, disputes] = await Promise.all([
    currencies(db),
    accountNumbers(db, rows),
    acceptorsOf(db, [...new Set(rows.map((d) => d.acceptor_id))]),
    disputesOf(
      db,
      rows.map((d) => d.id),
    ),
  ]);
  return {
    data: rows.map((d) => ({
      ...dealRow(d, acceptors.get(d.acceptor_id), cur, locale, disputes.get(d.id)),
      user_account: users.get(d.user_id) ?? '',
    })),
    current_page: q.page,
    total,
    last_page: lastPage(total, ACCEPTOR_PAGE_SIZE),
  };
}

export async function accountNumbers(db: Db, rows: AcceptorDeal[]): Promise<Map<number, string>> {
  if (rows.length === 0) return new Map();
  const ids = [...new Set(rows.map((r) => r.user_id))];
  return accountNumbersOf(db, ids);
}

/** One move of the deal's acceptor on it, in one transaction with its escrow movement. */
export async function actOnDeal(ctx: AppContext, userId: number, dealId: number, action: DeskAction) {
  const at = ctx.clock.now();
  await runInTransaction(ctx.db, async (trx) => {
    const a = await myAcceptor(trx, userId);
    const deal = await acceptorRepo.findDeal(trx, dealId);
    if (!deal || deal.acceptor_id !== a.id) throw new AppError('ACCEPTOR_DEAL_NOT_FOUND');
    await actOnAcceptorDeal(trx, deal, action, 'owner', at);
  });
}
