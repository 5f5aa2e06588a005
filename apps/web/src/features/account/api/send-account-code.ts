import { SendMailCall, SendSmsCall } from '@oryx/contracts/auth/calls';
import { call } from '@/shared/api/client';

/** POST /api/sms_send or /api/sms_mail for the account pages (transaction password, e-mail binding). */
export const sendAccountCode = (
  channel: 'sms' | 'email',
  input: { user_string: string; type?: string; scene?: string; area_code?: string; sandbox_ticket?: string },
) => call(channel === 'sms' ? SendSmsCall : SendMailCall, input);
