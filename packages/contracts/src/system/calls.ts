import { z } from 'zod';
import { defineCall } from '../call';

export const LOCALES = ['zh', 'en', 'hk', 'jp', 'kor', 'th', 'ind'] as const;
export const LocaleSchema = z.enum(LOCALES);

/** GET /api/env.json: bare JSON, no envelope. */
export const EnvJsonCall = defineCall({
  method: 'GET',
  path: '/api/env.json',
  auth: 'none',
  summary: 'Client environment: socket port, whether login needs an SMS code and whether SMS is available',
  envelope: false,
  input: z.object({}),
  reply: z.object({
    socket_io_port: z.number().int(),
    login_need_smscode: z.boolean(),
    /** False when no SMS adapter is configured: the phone tabs are hidden and phone calls refuse. */
    sms_available: z.boolean(),
    /** Demo mode: the sign-up and reset pages show the sandbox's code for their own request (SandboxCodeCall). */
    sandbox_codes: z.boolean().optional(),
  }),
});

export const SetLangCall = defineCall({
  method: 'POST',
  path: '/api/set/lang',
  auth: 'optional',
  summary: "Save the visitor's language (stored on the user when logged in)",
  input: z.object({ lang: LocaleSchema }),
  reply: z.string(),
});
