/**
 * What a snapshot computes from one consistent read of the ledger's accounts, without the database:
 * per currency every user's total balance (all wallets, available and frozen) as a leaf with a fresh
 * random nonce, the leaves in a random order (a leaf's place says nothing about who it is), the tree
 * above them, and the system accounts' balances to publish beside the roots.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { buildTree, wordsOf, type Leaves, type Level } from './tree';
import { buildTrees, type PoolOptions } from './tree-pool';

/** The system accounts' owner in the ledger (ledger/accounts.ts SYSTEM_USER_ID). */
const SYSTEM_USER_ID = 0;

export interface AccountRow {
  user_id: number;
  wallet: string;
  currency_id: number;
  available_minor: bigint;
  frozen_minor: bigint;
}

export interface CurrencyTree {
  currencyId: number;
  leaves: Leaves;
  /** levels[0] are the leaves; the last level is the root. */
  levels: Level[];
  totalMinor: bigint;
}

export interface SnapshotBuild {
  trees: CurrencyTree[];
  /** Per currency: system account name → balance (available + frozen). */
  systemTotals: Map<number, Map<string, bigint>>;
  userCount: number;
}

/** The tree of prepared leaves (the benchmark builds leaves directly). */
export const treeOf = (leaves: Leaves): Level[] => buildTree(leaves);

/** Leaves of one currency in a uniformly random order, each with a fresh nonce. */
export function leavesOf(balances: Map<number, bigint>): { leaves: Leaves; totalMinor: bigint } {
  const userIds = [...balances.keys()];
  for (let i = userIds.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [userIds[i], userIds[j]] = [userIds[j]!, userIds[i]!];
  }
  const sums = new Uint32Array(userIds.length * 4);
  let totalMinor = 0n;
  userIds.forEach((id, i) => {
    const b = balances.get(id)!;
    totalMinor += b;
    wordsOf(b, sums, i * 4);
  });
  return {
    leaves: {
      count: userIds.length,
      userIds: Float64Array.from(userIds),
      nonces: randomBytes(16 * userIds.length),
      sums,
    },
    totalMinor,
  };
}

/** The trees are built in worker threads (tree-pool.ts) when there are enough leaves to pay for them. */
export async function buildSnapshot(accounts: AccountRow[], pool: PoolOptions = {}): Promise<SnapshotBuild> {
  const users = new Map<number, Map<number, bigint>>();
  const systemTotals = new Map<number, Map<string, bigint>>();
  const holders = new Set<number>();
  for (const a of accounts) {
    const value = a.available_minor + a.frozen_minor;
    if (a.user_id === SYSTEM_USER_ID) {
      const sys = systemTotals.get(a.currency_id) ?? new Map<string, bigint>();
      sys.set(a.wallet, (sys.get(a.wallet) ?? 0n) + value);
      systemTotals.set(a.currency_id, sys);
      continue;
    }
    holders.add(a.user_id);
    const perUser = users.get(a.currency_id) ?? new Map<number, bigint>();
    perUser.set(a.user_id, (perUser.get(a.user_id) ?? 0n) + value);
    users.set(a.currency_id, perUser);
  }
  const currencies = [...users.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([currencyId, balances]) => ({ currencyId, ...leavesOf(balances) }));
  const built = await buildTrees(
    currencies.map((c) => c.leaves),
    pool,
  );
  const trees = currencies.map((c, i) => ({
    currencyId: c.currencyId,
    leaves: built[i]!.leaves,
    levels: built[i]!.levels,
    totalMinor: c.totalMinor,
  }));
  return { trees, systemTotals, userCount: holders.size };
}
