/**
 * The user's notification centre (apps/server/src/modules/notifications): what happened to their deals,
 * orders, positions, money and account, stored as a kind and its parameters (the text is rendered in
 * the reader's language: the web app from the `notifications` i18n namespace, e-mails on the server).
 * Each new one is also pushed on the socket (`notification`) to every session of the user.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { intish } from '../wire';

/** Every kind; the i18n key of its text is `notifications.kinds.<kind with '.' as '_'>`. */
export const NOTIFICATION_KINDS = [
  // C2C, shop and acceptor deals (`area` names which): someone took your ad, paid, released, ...
  'deal.taken',
  'deal.paid',
  'deal.released',
  'deal.cancelled',
  'deal.appealed',
  'deal.decided',
  /** Acceptor deals: the acceptor marked the money sent; confirm or dispute. */
  'deal.transferred',
  'spot.filled',
  'lever.stop_loss',
  'lever.take_profit',
  'lever.liquidation',
  'micro.settled',
  'deposit.credited',
  'withdraw.sent',
  'withdraw.failed',
  'withdraw.rejected',
  'security.new_device',
  'security.password_changed',
  'security.two_factor_on',
  'security.two_factor_off',
  /** An API key was created (modules/apikeys): `ip` the address it was created from. */
  'security.api_key_created',
  // To operators (admin, operator): work waiting on them in the console.
  'console.appeal',
  'console.dispute',
  'console.withdrawal',
  // The EVM hot wallet's balance differs from the ledger beyond its tolerance (funding/evm-reconcile.ts).
  'console.reconciliation',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds also sent by e-mail (to the account's address, when it has one). */
export const SECURITY_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'security.new_device',
  'security.password_changed',
  'security.two_factor_on',
  'security.two_factor_off',
  'security.api_key_created',
];

/** The i18n key (under the `notifications` namespace) of a kind's text. */
export const notificationTextKey = (kind: string) => `kinds.${kind.replace('.', '_')}`;

/** Parameters whose value is a word to translate (`notifications.values.<value>`), not shown as is. */
const TRANSLATED_PARAMS = ['result', 'side'] as const;

/**
 * A notification's text through `t`, a lookup in the `notifications` namespace (the web app's i18next,
 * the server's translate): `kinds.<kind>` with the parameters, translated words translated first.
 */
export function renderNotification(
  t: (key: string, params: Record<string, string>) => string,
  n: { kind: string; params: Record<string, string> },
): string {
  const params = { ...n.params };
  for (const k of TRANSLATED_PARAMS) if (params[k]) params[k] = t(`values.${params[k]}`, {});
  return t(notificationTextKey(n.kind), params);
}

/**
 * The parameters a text may use. All optional strings: `id` (deal, order, position, deposit or
 * withdrawal), `area` (`c2c`, `shop`, `acceptor` for deals), `amount` and `coin`, `symbol`, `side`
 * (`buy`/`sell`), `result` (`win`/`loss`/`draw` for options; `release`/`return` for decisions),
 * `device` and `ip` (new device); for the web's link to the subject: `role` (`owner`/`taker` of a C2C or
 * shop deal, `acceptor`/`user` of an acceptor deal), `type` (an acceptor deal's user side, `buy`/`sell`),
 * `area: 'rupiah'` on rupiah deposits and payouts.
 */
export const NotificationParams = z.record(z.string(), z.string());
export type NotificationParams = z.infer<typeof NotificationParams>;

export const Notification = z.object({
  id: z.number().int(),
  kind: z.string(),
  params: NotificationParams,
  /** ms since the epoch. */
  created_at: z.number().int(),
  /** ms when read; null while unread. */
  read_at: z.number().int().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NotificationsListCall = defineCall({
  method: 'GET',
  path: '/api/user/notifications',
  auth: 'user',
  summary: 'The user’s notifications, newest first, paged; with the unread count',
  input: z.object({
    page: intish((n) => n.min(1).max(100_000).catch(1)),
    limit: intish((n) => n.min(1).max(100).catch(NOTIFICATIONS_PAGE_SIZE)),
    /** 1: unread only. */
    unread: intish((n) => n.min(0).max(1).catch(0)),
  }),
  reply: z.object({
    list: z.array(Notification),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    unread: z.number().int(),
  }),
});

export const NotificationsReadCall = defineCall({
  method: 'POST',
  path: '/api/user/notifications/read',
  auth: 'user',
  summary: 'Mark one notification read (`id`), or all of them (`all`: 1); replies the unread count left',
  input: z.object({
    id: intish((n) => n.min(0).default(0)),
    all: intish((n) => n.min(0).max(1).default(0)),
  }),
  reply: z.object({ unread: z.number().int() }),
});

/** The socket push of one new notification (to every session of its user). */
export interface NotificationEvent extends Notification {
  type: 'notification';
}
