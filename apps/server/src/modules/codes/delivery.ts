/**
 * Where codes go: like every outside service, an interface with a sandbox implementation that behaves like the real
 * thing. In demo mode the sandbox writes every message to the outbox table, which the administrator reads
 * at GET /api/admin/outbox (each read audited) and tests read directly. E-mail can go out through SMTP
 * (nodemailer) instead, SMS through a provider (sms.ts). Outside demo mode no code is kept readable: the
 * outbox call does not exist there, and a sandbox that still receives e-mail (no SMTP configured) records
 * the message with its code blanked out; the code itself lives only as a salted hash (service.ts).
 */
import nodemailer from 'nodemailer';
import type { AppContext } from '../../lib/context';
import { createSmsDelivery } from './sms';

export type { Delivery, OutgoingMessage } from './message';
import type { Delivery, OutgoingMessage } from './message';
import { codesRepo } from './repo';

/** What replaces a code in a message the sandbox records outside demo mode. */
export const MASKED_CODE = '••••••';

export class SandboxDelivery implements Delivery {
  readonly isSandbox = true;
  constructor(private readonly ctx: AppContext) {}
  async deliver(m: OutgoingMessage): Promise<void> {
    const keepsCode = this.ctx.env.ORYX_MODE === 'demo';
    const mask = (text: string) => (m.code && !keepsCode ? text.split(m.code).join(MASKED_CODE) : text);
    await codesRepo.insertOutbox(this.ctx.db, {
      ...m,
      subject: mask(m.subject),
      body: mask(m.body),
      code: keepsCode ? m.code : '',
      created_at: this.ctx.clock.now(),
    });
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

/**
 * One delivery per channel, chosen by configuration (env.ts: MAIL_ADAPTER, SMTP_URL, SMS_ADAPTER,
 * TWILIO_*). Without an SMS adapter `sms` is a stand-in that refuses (SMS_UNAVAILABLE).
 */
export function createDeliveries(ctx: AppContext): Record<'sms' | 'email', Delivery> {
  const sandbox = new SandboxDelivery(ctx);
  const { MAIL_ADAPTER, SMTP_URL, SMTP_FROM } = ctx.env;
  const useSmtp = MAIL_ADAPTER === 'smtp' || (MAIL_ADAPTER === 'auto' && !!SMTP_URL);
  if (useSmtp && !SMTP_URL) throw new Error('MAIL_ADAPTER=smtp needs SMTP_URL');
  return {
    sms: createSmsDelivery(ctx, sandbox),
    email: useSmtp ? new SmtpDelivery(ctx, SMTP_URL!, SMTP_FROM) : sandbox,
  };
}
