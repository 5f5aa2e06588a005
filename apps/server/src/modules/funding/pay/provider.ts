/**
 * What the rupiah channel needs from a payment provider, and nothing more. One provider at a time
 * (`PAY_PROVIDER`); the sandbox (sandbox-provider.ts, served by Oryx itself) is the only one built in. A
 * real provider fits the same interface: it answers a payment request with the URL of its payment page,
 * posts signed notifications to `/api/pay/notify/<provider>` (checked here: only a correctly signed one
 * counts, and each notification id counts once), and pays out to a bank account.
 */

export interface PaymentRequest {
  /** Our order reference (`pay-<id>`), echoed back in the notifications. */
  orderRef: string;
  amountIdr: bigint;
  channel: string;
  payType: number;
  bankCode: string;
  /** The payer's language (the page's). */
  locale: string;
}

/** A notification whose signature checked out. */
export interface PaymentNotice {
  noticeId: string;
  orderRef: string;
  amountIdr: bigint;
  status: 'paid' | 'failed';
}

export interface PayoutRequest {
  /** Unique per withdrawal: the provider pays a reference once. */
  reference: string;
  amountIdr: bigint;
  bankCode: string;
  bankName: string;
  receiveName: string;
  receiveAccount: string;
}

export type PayoutResult =
  { state: 'success'; providerRef: string } | { state: 'failed'; providerRef: string; reason: string };

export interface PaymentProvider {
  readonly name: string;
  /** Labelled as a simulation in the user interface. */
  readonly isSandbox: boolean;
  /** Opens a payment; returns the provider's page to send the payer to and its own reference. */
  createPayment(req: PaymentRequest): Promise<{ url: string; providerRef: string }>;
  /** The notification if its signature is right, else null (forged, altered or malformed). */
  verifyNotice(body: Record<string, unknown>): PaymentNotice | null;
  payout(req: PayoutRequest): Promise<PayoutResult>;
}
