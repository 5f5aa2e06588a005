/** Which payment provider carries the rupiah channel: the sandbox unless a test (or a real adapter) puts another in. */
import type { AppContext } from '../../../lib/context';
import type { PaymentProvider } from './provider';
import { SandboxPayProvider } from './sandbox-provider';

const overrides = new WeakMap<AppContext, PaymentProvider>();

/** Tests may put another provider in for one app. */
export function setPaymentProvider(ctx: AppContext, p: PaymentProvider): void {
  overrides.set(ctx, p);
}

export function paymentProvider(ctx: AppContext): PaymentProvider {
  return overrides.get(ctx) ?? new SandboxPayProvider(ctx.env.PAY_SANDBOX_SECRET);
}
