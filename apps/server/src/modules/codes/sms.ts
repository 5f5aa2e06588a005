/**
 * SMS providers. Twilio's Messages API is the real adapter: a form POST to
 * `<TWILIO_API_URL>/2010-04-01/Accounts/<sid>/Messages.json` with basic auth (account SID and auth
 * token), `To`, `Body` and `From` (or `MessagingServiceSid`). Unlike e-mail, an SMS is handed over before
 * the code request answers: the provider says at once whether it took the message, and a user whose code
 * never left must be told so (SMS_SEND_FAILED) rather than wait for a text that will not come. The code
 * of a failed send is never usable and the code sent before it stays valid (service.ts).
 */
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { smsAdapterOf } from '../../lib/sms-config';
import type { Delivery, OutgoingMessage } from './message';

/** `+<area> <digits>` (destination.ts) as E.164. */
export const e164 = (destination: string): string => destination.replace(/[^\d+]/g, '');

export class TwilioSms implements Delivery {
  private readonly url: string;
  private readonly authorization: string;
  constructor(
    private readonly ctx: AppContext,
    private readonly cfg: {
      accountSid: string;
      authToken: string;
      from?: string;
      messagingServiceSid?: string;
      apiUrl: string;
      timeoutMs: number;
    },
  ) {
    const base = cfg.apiUrl.replace(/\/+$/, '');
    this.url = `${base}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`;
  }

  async deliver(m: OutgoingMessage): Promise<void> {
    const form = new URLSearchParams({ To: e164(m.destination), Body: m.body });
    if (this.cfg.messagingServiceSid) form.set('MessagingServiceSid', this.cfg.messagingServiceSid);
    else form.set('From', this.cfg.from ?? '');
    let status = 0;
    let detail = '';
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.cfg.timeoutMs),
      });
      status = res.status;
      const text = await res.text();
      if (res.ok) return;
      // Twilio's error body: {code, message, more_info, status}. Kept short; it names no code we sent.
      detail = text.slice(0, 300);
    } catch (err) {
      detail = err instanceof Error ? err.name : 'unknown';
    }
    // The log names the scene and the provider's answer, never the message (it carries the code).
    this.ctx.log.warn({ scene: m.scene, status, detail }, 'SMS provider refused or did not answer');
    throw new AppError('SMS_SEND_FAILED');
  }
}

/** No SMS adapter configured: nothing is recorded or sent, every SMS is refused. */
export class NoSms implements Delivery {
  readonly isUnavailable = true;
  async deliver(): Promise<void> {
    throw new AppError('SMS_UNAVAILABLE');
  }
}

/** The configured SMS delivery. `sandbox` is passed in (it is shared with e-mail). */
export function createSmsDelivery(ctx: AppContext, sandbox: Delivery): Delivery {
  const kind = smsAdapterOf(ctx.env);
  if (kind === 'sandbox') return sandbox;
  if (kind === null) return new NoSms();
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_MESSAGING_SERVICE_SID } = ctx.env;
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !(TWILIO_FROM || TWILIO_MESSAGING_SERVICE_SID)) {
    throw new Error(
      'the Twilio SMS adapter needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
    );
  }
  return new TwilioSms(ctx, {
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    from: TWILIO_FROM,
    messagingServiceSid: TWILIO_MESSAGING_SERVICE_SID,
    apiUrl: ctx.env.TWILIO_API_URL,
    timeoutMs: ctx.env.SMS_TIMEOUT_MS,
  });
}
