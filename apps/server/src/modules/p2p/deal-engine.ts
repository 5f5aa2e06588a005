/**
 * The deal engine: one way to move every escrowed deal of the exchange (C2C and shop deals,
 * `deal-states.ts`; acceptor deals, `modules/acceptor/deal-table.ts`). Each kind of deal is a table of
 * rules, each rule saying who may make which action in which state, the state it leads to, what the
 * escrowed coins do (through the ledger's `c2c_escrow`), which timer starts or stops and which notice
 * goes out; and a binding that knows the kind's rows (the conditional UPDATE), accounts, timers and
 * notices. `runAction` applies one rule in the caller's transaction: check, move the state only if
 * nobody moved it meanwhile, move the money, start / stop the timer, reload, notify.
 */
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';

/** Who acts on a deal: its two sides, by trade or by ad, an operator, or a timer. */
export type DealRole = 'buyer' | 'seller' | 'taker' | 'owner' | 'operator' | 'timer';

/** What a rule does with the escrowed coins: nothing, to the side that gets them, back to the giver. */
export type MoneyEffect = 'none' | 'release' | 'return';

export interface DealRule<S, A extends string, T extends string, N extends string> {
  action: A;
  /** Only deals of this side (the ad's or the deal's `type`); absent: both. */
  side?: 'buy' | 'sell';
  who: readonly DealRole[];
  from: readonly S[];
  to: S;
  money: MoneyEffect;
  /** The timer the move starts and / or stops. */
  timer?: { start?: T; stop?: T };
  /** The notice the move sends (what the kind's notifier makes of it). */
  notice: N;
}

/** What the engine needs of one kind of deal; `D` is its row. */
export interface DealKind<D, S, A extends string, T extends string, N extends string> {
  table: readonly DealRule<S, A, T, N>[];
  /** The refusals: a role the rule does not name, a state it does not start from. */
  errors: {
    party: ConstructorParameters<typeof AppError>[0];
    state: ConstructorParameters<typeof AppError>[0];
  };
  sideOf(deal: D): 'buy' | 'sell';
  stateOf(deal: D): S;
  /** The conditional UPDATE from `rule.from` to `rule.to`; false when another move got there first. */
  write(trx: Db, deal: D, rule: DealRule<S, A, T, N>, at: number): Promise<boolean>;
  money(trx: Db, deal: D, effect: 'release' | 'return', at: number): Promise<void>;
  timer(trx: Db, deal: D, timer: T, op: 'start' | 'stop', at: number): Promise<void>;
  notify(trx: Db, deal: D, rule: DealRule<S, A, T, N>, role: DealRole, at: number): Promise<void>;
  reload(trx: Db, deal: D): Promise<D>;
}

export type RuleCheck<R> = { ok: true; rule: R } | { ok: false; reason: 'party' | 'state' };

/**
 * The rule for `action` by `role` on a deal of `side` now in `state`. A role no rule of the action
 * names is refused before a wrong state, so a stranger learns nothing about the deal's state; an
 * action the deal's side does not have is a wrong state.
 */
export function checkRule<S, A extends string, T extends string, N extends string>(
  table: readonly DealRule<S, A, T, N>[],
  q: { action: A; role: DealRole; side: 'buy' | 'sell'; state: S },
): RuleCheck<DealRule<S, A, T, N>> {
  const rules = table.filter((r) => r.action === q.action && (!r.side || r.side === q.side));
  if (rules.length === 0) return { ok: false, reason: 'state' };
  const mine = rules.filter((r) => r.who.includes(q.role));
  if (mine.length === 0) return { ok: false, reason: 'party' };
  const rule = mine.find((r) => r.from.includes(q.state));
  return rule ? { ok: true, rule } : { ok: false, reason: 'state' };
}

/** Applies one rule of the kind's table to `deal` as `role`, in the caller's transaction; the deal after. */
export async function runAction<D, S, A extends string, T extends string, N extends string>(
  trx: Db,
  kind: DealKind<D, S, A, T, N>,
  deal: D,
  action: A,
  role: DealRole,
  at: number,
): Promise<D> {
  const check = checkRule(kind.table, { action, role, side: kind.sideOf(deal), state: kind.stateOf(deal) });
  if (!check.ok) throw new AppError(kind.errors[check.reason]);
  const rule = check.rule;
  if (!(await kind.write(trx, deal, rule, at))) throw new AppError(kind.errors.state);
  if (rule.money !== 'none') await kind.money(trx, deal, rule.money, at);
  if (rule.timer?.stop) await kind.timer(trx, deal, rule.timer.stop, 'stop', at);
  if (rule.timer?.start) await kind.timer(trx, deal, rule.timer.start, 'start', at);
  const after = await kind.reload(trx, deal);
  await kind.notify(trx, after, rule, role, at);
  return after;
}
