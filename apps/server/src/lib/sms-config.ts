/**
 * Which SMS adapter the configuration asks for (env.ts: SMS_ADAPTER, TWILIO_*). Here, below the areas,
 * because the public client environment (modules/system) and the phone paths of modules/auth ask it as
 * well as the codes area that sends (modules/codes/sms.ts).
 */
import type { Env } from '../env';

/** The SMS adapter configuration asks for: `null` when there is none (phone calls refuse SMS_UNAVAILABLE). */
export function smsAdapterOf(env: Env): 'sandbox' | 'twilio' | null {
  const chosen = env.SMS_ADAPTER;
  if (chosen === 'none') return null;
  if (chosen === 'twilio') return 'twilio';
  if (chosen === 'sandbox') {
    // Production never answers from a sandbox: refusing to start says so before anyone waits for a text.
    if (env.ORYX_MODE !== 'demo') throw new Error('SMS_ADAPTER=sandbox is for demo mode only');
    return 'sandbox';
  }
  if (env.TWILIO_ACCOUNT_SID) return 'twilio';
  return env.ORYX_MODE === 'demo' ? 'sandbox' : null;
}

/** Whether codes can go out by SMS at all (the phone tabs, env.json's `sms_available`). */
export const isSmsAvailable = (env: Env): boolean => smsAdapterOf(env) !== null;
