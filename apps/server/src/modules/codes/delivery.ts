/**
 * Where codes go: like every outside service, an interface with a sandbox implementation that behaves like the real
 * thing. The sandbox writes every message to the outbox table, which the operator reads at
 * GET /api/admin/outbox and tests read directly. E-mail can go out through SMTP (nodemailer) instead.
 */
import nodemailer from 'nodemailer';
import type { AppContext } from '../../lib/context';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** Normalized destination (e-mail address or `+<area> <digits>`). */
  destination: string;
  scene: string;
  subject: string;
  body: string;
  /** The code the message carries ('' for a notice). Recorded by the sandbox only. */
  code: string;
}

export interface Delivery {
  /**
   * Hands a message over. Real transports send in the background: the reply to a code request must not
   * take longer when a message goes out than when none does, or timing would tell who has an account.
   */
  deliver(message: OutgoingMessage): Promise<void>;
}

export class SandboxDelivery implements Delivery {
  constructor(private readonly ctx: AppContext) {}
  async deliver(m: OutgoingMessage): Promise<void> {
    await this.ctx.db
      .insertInto('outbox_messages')
      .values({ ...m, created_at: this.ctx.clock.now() })
      .execute();
  }
}

export class SmtpDelivery implements Delivery {
  private readonly transport: nodemailer.Transporter;
  constructor(
    private readonly ctx: AppContext,
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async deliver(m: OutgoingMessage): Promise<void> {
    const destination = m.destination;
    void this.transport
      .sendMail({ from: this.from, to: destination, subject: m.subject, text: m.body })
      .catch((err: unknown) => this.ctx.log.error({ err, scene: m.scene }, 'SMTP delivery failed'));
  }
}

/** One delivery per channel, chosen by configuration (env.ts: MAIL_ADAPTER, SMS_ADAPTER, SMTP_URL). */
export function createDeliveries(ctx: AppContext): Record<'sms' | 'email', Delivery> {
  const sandbox = new SandboxDelivery(ctx);
  const { MAIL_ADAPTER, SMTP_URL, SMTP_FROM } = ctx.env;
  const useSmtp = MAIL_ADAPTER === 'smtp' || (MAIL_ADAPTER === 'auto' && !!SMTP_URL);
  if (useSmtp && !SMTP_URL) throw new Error('MAIL_ADAPTER=smtp needs SMTP_URL');
  return { sms: sandbox, email: useSmtp ? new SmtpDelivery(ctx, SMTP_URL!, SMTP_FROM) : sandbox };
}
