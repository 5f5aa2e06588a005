/** A message with a code or a notice, and what hands it over (delivery.ts, sms.ts). */
export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** Normalized destination (e-mail address or `+<area> <digits>`). */
  destination: string;
  scene: string;
  subject: string;
  body: string;
  /** The code the message carries ('' for a notice). Recorded by the sandbox, in demo mode only. */
  code: string;
}

export interface Delivery {
  /** True for the stand-in of a channel nothing is configured for (no SMS adapter): refused up front. */
  readonly isUnavailable?: boolean;
  /** True for the sandbox (the outbox table): demo mode may show its codes to the page that asked. */
  readonly isSandbox?: boolean;
  /**
   * Hands a message over. Real transports send in the background: the reply to a code request must not
   * take longer when a message goes out than when none does, or timing would tell who has an account.
   */
  deliver(message: OutgoingMessage): Promise<void>;
}
