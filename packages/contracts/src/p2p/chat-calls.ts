/**
 * The chat between the two parties of a peer-to-peer deal (C2C or shop: one deal table), and the other
 * party's answer to an appeal. Only the deal's two parties read and post; operators read the transcript
 * and the answer of an appealed deal. New messages are pushed to both parties as `c2c_message`.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { P2P_APPEAL_IMAGES_MAX, P2P_APPEAL_NOTE_MAX } from './calls';

/** A chat message is 1 to this many characters (after trimming). */
export const P2P_CHAT_TEXT_MAX = 500;
/** Each party may post at most this many messages a minute on one deal … */
export const P2P_CHAT_PER_MINUTE = 10;
/** … and at most this many on one deal in all. */
export const P2P_CHAT_PER_DEAL = 200;
/** After a deal ends (done or cancelled) its parties may still write for this long (ms); then read only. */
export const P2P_CHAT_AFTER_END_MS = 24 * 3600_000;

const idInput = z.coerce.number().int().positive().max(2_147_483_647);
const imageUrl = z.string().trim().min(1).max(300);

export const P2pChatMessage = z.object({
  id: z.number().int(),
  /** Who wrote it: the deal's buyer or seller. */
  from: z.enum(['buyer', 'seller']),
  /** True when the viewer wrote it (false for operators). */
  mine: z.boolean(),
  text: z.string(),
  /** ms */
  created_at: z.number().int(),
});
export type P2pChatMessage = z.infer<typeof P2pChatMessage>;

export const P2pChatView = z.object({
  data: z.array(P2pChatMessage),
  /** Whether the viewer may post now (open deal, or ended less than a day ago). */
  can_post: z.boolean(),
  /** When posting closes (ms): the deal's end plus the grace period; null while the deal is open. */
  closes_at: z.number().int().nullable(),
});

export const C2cDealMessagesCall = defineCall({
  method: 'GET',
  path: '/api/c2c/deal_messages',
  auth: 'user',
  summary: 'The chat of a C2C or shop deal I am a party to, oldest first (after `after`, a message id)',
  input: z.object({ id: idInput, after: z.coerce.number().int().min(0).catch(0) }),
  reply: P2pChatView,
});

export const C2cDealMessageCall = defineCall({
  method: 'POST',
  path: '/api/c2c/deal_message',
  auth: 'user',
  summary: 'Writes to the other party of a C2C or shop deal (1–500 characters; rate-limited)',
  input: z.object({ id: idInput, text: z.string().trim().min(1).max(P2P_CHAT_TEXT_MAX) }),
  reply: P2pChatMessage,
});

export const P2pAppealAnswerView = z.object({
  /** Who answered: the party that did not appeal. */
  by: z.enum(['buyer', 'seller']),
  note: z.string(),
  /** Private image URLs (`/api/c2c/deal_image?id=&name=`), for the parties and operators. */
  images: z.array(z.string()),
  /** ms */
  created_at: z.number().int(),
});

export const C2cAppealAnswerCall = defineCall({
  method: 'POST',
  path: '/api/c2c/appeal_answer',
  auth: 'user',
  summary:
    'The other party answers an appeal on a deal under appeal (once), with a note and up to three images',
  input: z.object({
    id: idInput,
    note: z.string().trim().min(1).max(P2P_APPEAL_NOTE_MAX),
    images: z
      .union([imageUrl.transform((u) => [u]), z.array(imageUrl).max(P2P_APPEAL_IMAGES_MAX)])
      .optional()
      .default([]),
  }),
  reply: z.string(),
});

export const C2cAppealAnswerViewCall = defineCall({
  method: 'GET',
  path: '/api/c2c/appeal_answer',
  auth: 'user',
  summary: 'The answer to the appeal of a deal I am a party to, and whether I may give it now',
  input: z.object({ id: idInput }),
  reply: z.object({
    /** null while nobody answered. */
    answer: P2pAppealAnswerView.nullable(),
    /** True for the party that did not appeal, while the deal is under appeal and unanswered. */
    can_answer: z.boolean(),
  }),
});

export const AdminP2pDealChatCall = defineCall({
  method: 'GET',
  path: '/api/admin/p2p/deal_chat',
  auth: 'admin',
  auditReads: true,
  summary: 'The chat transcript and the answer to the appeal of an appealed deal (operators)',
  input: z.object({ id: idInput }),
  reply: z.object({ data: z.array(P2pChatMessage), answer: P2pAppealAnswerView.nullable() }),
});
