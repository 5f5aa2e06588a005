import { SendMailCall, SendSmsCall } from '@oryx/contracts/auth/calls';
import { call } from '@/shared/api/client';

export interface SendCodeInput {
  user_string: string;
  /** The code's one purpose (CODE_SCENES); `type: 'forget'` is the older clients' spelling. */
  scene?: string;
  type?: string;
  area_code?: string;
  area_code_id?: number;
  /** Demo mode: the ticket that reads this request's sandbox code back. */
  sandbox_ticket?: string;
}

/** POST /api/sms_send (phone) or /api/sms_mail (e-mail). */
export const sendCode = (channel: 'sms' | 'email', input: SendCodeInput) =>
  call(channel === 'sms' ? SendSmsCall : SendMailCall, input);
