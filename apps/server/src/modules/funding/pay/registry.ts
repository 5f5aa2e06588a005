/**
 * Which payment provider carries the rupiah channel: the app's `ctx.services.funding.payments`, the
 * sandbox unless a test (or a real adapter) puts another in.
 */
import type { AppContext } from '../../../lib/context';
import type { PaymentProvider } from './provider';

export function paymentProvider(ctx: AppContext): PaymentProvider {
  return ctx.services.funding.payments;
}
