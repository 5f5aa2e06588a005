import { i18n } from '../i18n/i18n';
import { LOGIN_PATH, currentAppPath, loginPath, tradePasswordPath } from '../lib/login-redirect';
import { navigateTo } from '../lib/navigate';
import { endSession } from './end-session';

/** The delay before a global reply moves the user elsewhere. */
export const GLOBAL_REPLY_DELAY_MS = 1000;

export interface ErrorReplyLike {
  type: string;
  message: string;
}

/**
 * How the global replies reach the user. The API layer knows no UI: the app shell wires these to the
 * UI kit's toast and confirm dialog once at start-up (app/reply-notices.ts).
 */
export interface ReplyNotices {
  /** Shows a failure message. */
  error: (message: string) => void;
  /** Asks a yes/cancel question; resolves true on yes. */
  confirm: (options: { message: string; okText: string; cancelText: string }) => Promise<boolean>;
}

// Until the shell wires them, the messages go to the console and every question is answered no.
let notices: ReplyNotices = {
  error: (message) => console.error(message),
  confirm: () => Promise.resolve(false),
};

/** Sets how the global replies are shown (the app shell's start-up, and the page-test harness). */
export function setReplyNotices(next: ReplyNotices): void {
  notices = next;
}

// Several calls in flight can all come back 999: one toast and one redirect are enough.
let sessionExpiryPending = false;

/**
 * The global reply catalogue (packages/contracts errors), applied to every non-ok reply:
 * - 999: session expired: toast, clear storage but the locale and theme, login page after 1 s (which
 *   comes back to the page the user was on);
 * - 996 / not: no transaction password: message, after 1 s offer to set one (/bindmpwd);
 * - 997 / 555: no payment details: message, /userSetting after 1 s;
 * - 998: identity verification needed: message, /authentication after 1 s;
 * - anything else: the server's message in a toast (unless the caller shows it itself).
 */
export function handleErrorReply(reply: ErrorReplyLike, options: { toast?: boolean } = {}): void {
  const later = (fn: () => void) => window.setTimeout(fn, GLOBAL_REPLY_DELAY_MS);
  switch (reply.type) {
    case '999': {
      if (sessionExpiryPending) return;
      sessionExpiryPending = true;
      // Read before the session ends: a guarded page then moves to the login page by itself.
      const from = currentAppPath();
      notices.error(i18n.t('session.expired'));
      endSession();
      later(() => {
        sessionExpiryPending = false;
        // Already there (a guarded page went first): its `redirect` stays as it is.
        if (!currentAppPath().startsWith(LOGIN_PATH)) navigateTo(loginPath(from));
      });
      return;
    }
    case '996':
    case 'not':
      notices.error(reply.message);
      later(() => {
        void notices
          .confirm({
            message: i18n.t('session.setTradePassword'),
            okText: i18n.t('actions.yes'),
            cancelText: i18n.t('actions.cancel'),
          })
          .then((yes) => yes && navigateTo(tradePasswordPath()));
      });
      return;
    case '997':
    case '555':
      notices.error(reply.message);
      later(() => navigateTo('/userSetting'));
      return;
    case '998':
      notices.error(reply.message);
      later(() => navigateTo('/authentication'));
      return;
    default:
      if (options.toast !== false && reply.message) notices.error(reply.message);
  }
}
