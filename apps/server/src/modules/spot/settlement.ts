/**
 * The money of one fill. Pure; the sequencer turns it into ledger movements.
 *
 * Fees are taken from what each side RECEIVES, at the rate of its role in the trade (maker or taker):
 * the buyer pays its fee in the base currency, the seller in the quote currency. So an order never
 * needs more than its price x amount (buy) or its amount (sell) held, and the slider's "100 %" is
 * exactly the balance. Each fee is `feeOf` of the money module: rounded UP to the receiving currency's
 * minor unit (in favour of the exchange's fee account), never more than what is received.
 */
import { feeOf } from '@oryx/contracts/money';

export interface FillMoney {
  /** Base minor units that change hands. */
  base: bigint;
  /** Quote minor units that change hands (price x amount, exact). */
  quote: bigint;
  /** The buyer's fee, base minor units, and what the buyer keeps. */
  buyerFee: bigint;
  buyerGets: bigint;
  /** The seller's fee, quote minor units, and what the seller keeps. */
  sellerFee: bigint;
  sellerGets: bigint;
}

export function fillMoney(base: bigint, quote: bigint, buyerFeeBps: number, sellerFeeBps: number): FillMoney {
  const buyerFee = feeOf(base, buyerFeeBps);
  const sellerFee = feeOf(quote, sellerFeeBps);
  return { base, quote, buyerFee, buyerGets: base - buyerFee, sellerFee, sellerGets: quote - sellerFee };
}
