/**
 * The only code that decides lever money, pure and integer-only (bigint minor units). Prices are quote
 * minor units per one whole base unit; `numberMinor` is base minor units (share x lot size); rates are
 * hundredths of a percent (bps of 100 %). Every rounding goes against the user (README "Rounding").
 */
import { divRound, mulDiv, pow10 } from '@oryx/contracts/money';

export const BPS = 10_000n;
export type LeverType = 1 | 2;

/** The spread amount (`price x spread / 100`, rounded up) and the open price: + for a long, - for a short. */
export function openPriceOf(type: LeverType, priceMinor: bigint, spreadBps: number): bigint {
  const spread = mulDiv(priceMinor, BigInt(spreadBps), BPS, 'up');
  return type === 1 ? priceMinor + spread : priceMinor - spread;
}

/** Contract value of `numberMinor` at `priceMinor`, exact numerator over 10^baseScale. */
const valueNum = (priceMinor: bigint, numberMinor: bigint) => priceMinor * numberMinor;

/** margin = value / multiple, rounded up. */
export function marginOf(
  priceMinor: bigint,
  numberMinor: bigint,
  baseScale: number,
  multiple: number,
): bigint {
  return divRound(valueNum(priceMinor, numberMinor), pow10(baseScale) * BigInt(multiple), 'up');
}

/** A percent (bps) of the contract value, rounded up: the opening fee and the overnight fee. */
export function chargeOnValue(
  priceMinor: bigint,
  numberMinor: bigint,
  baseScale: number,
  bps: number,
): bigint {
  return divRound(valueNum(priceMinor, numberMinor) * BigInt(bps), pow10(baseScale) * BPS, 'up');
}

/** P/L at `markMinor`: (mark - open) x number for a long, the reverse for a short; rounded toward -inf. */
export function pnlOf(
  type: LeverType,
  openMinor: bigint,
  markMinor: bigint,
  numberMinor: bigint,
  baseScale: number,
) {
  const diff = type === 1 ? markMinor - openMinor : openMinor - markMinor;
  return divRound(diff * numberMinor, pow10(baseScale), 'floor');
}

/**
 * Risk rate in hundredths of a percent: (lever balance + Σ margin + Σ P/L) / Σ margin x 100, rounded
 * down. No margin left with a position open reads 0 (liquidated at once).
 */
export function riskRateBps(balanceMinor: bigint, marginMinor: bigint, pnlMinor: bigint): bigint {
  if (marginMinor <= 0n) return 0n;
  return divRound((balanceMinor + marginMinor + pnlMinor) * BPS, marginMinor, 'floor');
}

/** A limit order's price must be on the far side of the current price: long below, short above. */
export const limitOnRightSide = (type: LeverType, limitMinor: bigint, lastMinor: bigint) =>
  type === 1 ? limitMinor < lastMinor : limitMinor > lastMinor;

/** Whether a pending limit order opens at `markMinor`. */
export const limitReached = (type: LeverType, limitMinor: bigint, markMinor: bigint) =>
  type === 1 ? markMinor <= limitMinor : markMinor >= limitMinor;

/** The stop that fires at `markMinor` (take-profit first), or null. 0 = not set. */
export function stopHit(
  type: LeverType,
  tpMinor: bigint,
  slMinor: bigint,
  markMinor: bigint,
): 'take_profit' | 'stop_loss' | null {
  if (tpMinor > 0n && (type === 1 ? markMinor >= tpMinor : markMinor <= tpMinor)) return 'take_profit';
  if (slMinor > 0n && (type === 1 ? markMinor <= slMinor : markMinor >= slMinor)) return 'stop_loss';
  return null;
}

/**
 * Where a take-profit / stop-loss may lie (each 0 = not set): a long's TP above both the current and the
 * open price; its SL below the current price (at it, it would fire at once) and at or below the open
 * price, so a position in profit may protect its entry (a break-even stop). A short's the mirror.
 * Returns whether both are acceptable.
 */
export function stopsValid(type: LeverType, tp: bigint, sl: bigint, markMinor: bigint, openMinor: bigint) {
  const hi = markMinor > openMinor ? markMinor : openMinor;
  const lo = markMinor < openMinor ? markMinor : openMinor;
  if (type === 1) return (tp === 0n || tp > hi) && (sl === 0n || (sl < markMinor && sl <= openMinor));
  return (tp === 0n || tp < lo) && (sl === 0n || (sl > markMinor && sl >= openMinor));
}

/**
 * How a close moves money, given the position's margin, its P/L and the user's available lever
 * balance: margin back, profit from the pool, or the loss from the margin then the balance; what the
 * user cannot pay is absorbed by the pool (`absorbedMinor`), so no balance goes below zero.
 */
export function closeMoney(marginMinor: bigint, pnlMinor: bigint, availableMinor: bigint) {
  if (pnlMinor >= 0n) {
    return {
      releaseMinor: marginMinor,
      profitMinor: pnlMinor,
      lossFromMargin: 0n,
      lossFromBalance: 0n,
      absorbedMinor: 0n,
    };
  }
  const loss = -pnlMinor;
  const lossFromMargin = loss < marginMinor ? loss : marginMinor;
  const excess = loss - lossFromMargin;
  const lossFromBalance = excess < availableMinor ? excess : availableMinor;
  return {
    releaseMinor: marginMinor - lossFromMargin,
    profitMinor: 0n,
    lossFromMargin,
    lossFromBalance,
    absorbedMinor: excess - lossFromBalance,
  };
}

// --- The evaluation of every live order against the marks (the risk loop's decision) --------------

export interface EvalOrder {
  id: number;
  userId: number;
  marketId: number;
  legalId: number;
  /** `${userId}:${legalId}` when the caller has it at hand (the index keeps it), else built here. */
  key?: string;
  type: LeverType;
  status: number;
  numberMinor: bigint;
  originPriceMinor: bigint;
  priceMinor: bigint;
  marginMinor: bigint;
  tpMinor: bigint;
  slMinor: bigint;
  /** The liquidation level (bps of 100 %) recorded when the order was placed: a terms change never moves it. */
  levelBps: number;
}

export interface EvalInput {
  orders: EvalOrder[];
  /** Mark per market; a market without one is not evaluated. */
  marks: Map<number, bigint>;
  baseScales: Map<number, number>;
  /** Available lever balance per `${userId}:${legalId}`. */
  balances: Map<string, bigint>;
}

export interface EvalResult {
  liquidate: { userId: number; legalId: number; rateBps: bigint }[];
  stops: { id: number; reason: 'take_profit' | 'stop_loss' }[];
  open: number[];
}

export interface RiskGroup {
  userId: number;
  legalId: number;
  margin: bigint;
  pnl: bigint;
  /**
   * Σ margin x level (bps) of the group's positions, each at the level it opened under: the group is at
   * its level when equity x 10^4 <= this. With one level for all, it is level x Σ margin.
   */
  requirement: bigint;
  /** False when a market of the group has no mark: the group is not judged on part of its positions. */
  complete: boolean;
}

const keyOf = (o: EvalOrder) => o.key ?? `${o.userId}:${o.legalId}`;

/** Σ margin, Σ P/L at the marks and the liquidation requirement of each user and quote currency (open positions). */
export function riskGroups(input: Omit<EvalInput, 'balances'>): Map<string, RiskGroup> {
  const groups = new Map<string, RiskGroup>();
  for (const o of input.orders) {
    if (o.status !== 1) continue;
    const key = keyOf(o);
    let g = groups.get(key);
    if (!g) {
      g = { userId: o.userId, legalId: o.legalId, margin: 0n, pnl: 0n, requirement: 0n, complete: true };
      groups.set(key, g);
    }
    const mark = input.marks.get(o.marketId);
    if (mark === undefined) g.complete = false;
    else g.pnl += pnlOf(o.type, o.priceMinor, mark, o.numberMinor, input.baseScales.get(o.marketId) ?? 8);
    g.margin += o.marginMinor;
    g.requirement += o.marginMinor * BigInt(o.levelBps);
  }
  return groups;
}

/** Whether a group is at or below its level with `balanceMinor` free beside its positions (exact). */
const isAtLevel = (g: RiskGroup, balanceMinor: bigint) =>
  g.margin <= 0n || (balanceMinor + g.margin + g.pnl) * BPS <= g.requirement;

/** The group's level as a rate (bps), its positions' levels weighted by their margin, rounded up. */
export const groupLevelBps = (margin: bigint, requirement: bigint): bigint =>
  margin <= 0n ? 0n : divRound(requirement, margin, 'up');

/**
 * The groups that could be at their level: only these need their lever balance read, since a balance is
 * never negative (a group safe with nothing free is safe).
 */
export function liquidationCandidates(groups: Map<string, RiskGroup>): string[] {
  const out: string[] = [];
  for (const [key, g] of groups) if (g.complete && isAtLevel(g, 0n)) out.push(key);
  return out;
}

/** Decides, without touching anything, what the marks trigger: liquidations, then stops, then opens. */
export function evaluate(input: EvalInput): EvalResult {
  return decide(input, riskGroups(input));
}

/** `evaluate` on groups already computed (`riskGroups`); `balances` needs only the candidates. */
export function decide(input: EvalInput, groups: Map<string, RiskGroup>): EvalResult {
  const result: EvalResult = { liquidate: [], stops: [], open: [] };
  const liquidated = new Set<string>();
  for (const [key, g] of groups) {
    if (!g.complete) continue;
    const balance = input.balances.get(key) ?? 0n;
    // Exact: equity / margin x 100 % <= level, compared without rounding the rate. No margin left
    // (overnight fees took it) reads as a rate of 0.
    if (isAtLevel(g, balance)) {
      liquidated.add(key);
      result.liquidate.push({
        userId: g.userId,
        legalId: g.legalId,
        rateBps: riskRateBps(balance, g.margin, g.pnl),
      });
    }
  }
  for (const o of input.orders) {
    const mark = input.marks.get(o.marketId);
    if (mark === undefined) continue;
    if (o.status === 1) {
      if (o.tpMinor === 0n && o.slMinor === 0n) continue;
      if (liquidated.size > 0 && liquidated.has(keyOf(o))) continue;
      const reason = stopHit(o.type, o.tpMinor, o.slMinor, mark);
      if (reason) result.stops.push({ id: o.id, reason });
    } else if (o.status === 0 && limitReached(o.type, o.originPriceMinor, mark)) {
      result.open.push(o.id);
    }
  }
  return result;
}
