/**
 * The sandbox payment provider, served by Oryx itself (sandbox-page.ts) and labelled as a simulation: its
 * payment page shows the order and lets the payer pay or decline; either way it posts a notification
 * signed with HMAC-SHA256 under PAY_SANDBOX_SECRET to `/api/pay/notify/sandbox`, as a real provider would.
 * Payouts succeed at once, except to an account number starting with 0000 (declined: the failure path).
 *
 * Signature: hex HMAC-SHA256 of the notification's fields but `sign`, sorted by name, as
 * `name=value` joined with `&`.
 */
import crypto from 'node:crypto';
import type { PaymentNotice, PaymentProvider, PaymentRequest, PayoutRequest, PayoutResult } from './provider';

export const SANDBOX_PAY = 'sandbox';
const NOTICE_FIELDS = ['notice_id', 'order_ref', 'amount', 'status'] as const;

export function signFields(secret: string, fields: Record<string, string>): string {
  const text = Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return crypto.createHmac('sha256', secret).update(text).digest('hex');
}

export class SandboxPayProvider implements PaymentProvider {
  readonly name = SANDBOX_PAY;
  readonly isSandbox = true;

  constructor(private readonly secret: string) {}

  async createPayment(req: PaymentRequest): Promise<{ url: string; providerRef: string }> {
    const url = `/api/pay/sandbox/${encodeURIComponent(req.orderRef)}?lang=${encodeURIComponent(req.locale)}`;
    return { url, providerRef: `sbx-${req.orderRef}` };
  }

  /** The notification the sandbox page sends for an order (signed). */
  notice(orderRef: string, amountIdr: bigint, status: 'paid' | 'failed'): Record<string, string> {
    const fields: Record<string, string> = {
      notice_id: crypto.randomUUID(),
      order_ref: orderRef,
      amount: amountIdr.toString(),
      status,
    };
    return { ...fields, sign: signFields(this.secret, fields) };
  }

  verifyNotice(body: Record<string, unknown>): PaymentNotice | null {
    const fields: Record<string, string> = {};
    for (const k of NOTICE_FIELDS) {
      const v = body[k];
      if (typeof v !== 'string' || v.length === 0 || v.length > 100) return null;
      fields[k] = v;
    }
    const sign = body.sign;
    if (typeof sign !== 'string' || !/^[0-9a-f]{64}$/.test(sign)) return null;
    const want = Buffer.from(signFields(this.secret, fields), 'hex');
    if (!crypto.timingSafeEqual(want, Buffer.from(sign, 'hex'))) return null;
    if (!/^\d{1,15}$/.test(fields.amount!) || (fields.status !== 'paid' && fields.status !== 'failed'))
      return null;
    return {
      noticeId: fields.notice_id!,
      orderRef: fields.order_ref!,
      amountIdr: BigInt(fields.amount!),
      status: fields.status,
    };
  }

  async payout(req: PayoutRequest): Promise<PayoutResult> {
    const providerRef = `sbx-${req.reference}`;
    if (req.receiveAccount.startsWith('0000'))
      return { state: 'failed', providerRef, reason: 'declined by the bank (sandbox)' };
    return { state: 'success', providerRef };
  }
}
