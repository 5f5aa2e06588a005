/**
 * The 7 locales and every translation, shared by the web app and the server (the server translates
 * error messages and log `info` texts). Files: locales/<lang>/<namespace>.json.
 *
 * Adding a namespace (one per area: auth, wallet, spot, ...):
 *   1. create locales/<lang>/<ns>.json in all 7 locale folders;
 *   2. copy src/ns/common.ts to src/ns/<ns>.ts and replace the file name in its 7 imports;
 *   3. add one import line and one entry to `namespaces` below.
 * The completeness test (locales.test.ts) fails on any key missing or empty in a locale, and on any
 * `{{param}}` that differs between locales. Do not use i18next plural suffixes (_one/_other): locales
 * have different plural forms; write neutral texts with `{{count}}` instead.
 */
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './locales';
import common from './ns/common';
import errors from './ns/errors';
import auth from './ns/auth';
import wallet from './ns/wallet';
import home from './ns/home';
import market from './ns/market';
import news from './ns/news';
import micro from './ns/micro';
import lever from './ns/lever';
import spot from './ns/spot';
import funding from './ns/funding';
import p2p from './ns/p2p';
import console from './ns/console';
import acceptor from './ns/acceptor';
import cash from './ns/cash';
import shop from './ns/shop';
import c2c from './ns/c2c';
import exchange from './ns/exchange';
import points from './ns/points';
import team from './ns/team';
import earning from './ns/earning';
import security from './ns/security';
import rupiah from './ns/rupiah';
import notifications from './ns/notifications';
import pol from './ns/pol';
import apikeys from './ns/apikeys';

const namespaces = {
  common,
  errors,
  auth,
  home,
  market,
  news,
  wallet,
  micro,
  lever,
  spot,
  funding,
  p2p,
  console,
  acceptor,
  cash,
  shop,
  c2c,
  earning,
  team,
  points,
  exchange,
  security,
  rupiah,
  notifications,
  pol,
  apikeys,
};

export * from './locales';

export type Tree = { [key: string]: string | Tree };
type Namespaces = typeof namespaces;
export type Namespace = keyof Namespaces;
export type Resources = { [L in Locale]: { [N in Namespace]: Namespaces[N][L] } };

/** `resources[locale][namespace]`, the shape i18next expects. */
export const resources = Object.fromEntries(
  LOCALES.map((lang) => [
    lang,
    Object.fromEntries(Object.entries(namespaces).map(([ns, perLocale]) => [ns, perLocale[lang]])),
  ]),
) as Resources;

export const NAMESPACES = Object.keys(namespaces) as Namespace[];

/** Server-side lookup: `t('en', 'errors.VALIDATION', { field: 'amount' })`, falling back to en, then the key. */
export function translate(locale: string, key: string, params?: Record<string, string | number>): string {
  const lookup = (lang: Locale): string | undefined => {
    const [ns, ...rest] = key.split('.');
    let node: string | Tree | undefined = (resources[lang] as Record<string, Tree>)[ns ?? ''];
    for (const part of rest) {
      if (node === undefined || typeof node === 'string') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const lang = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const text = lookup(lang) ?? lookup(DEFAULT_LOCALE) ?? key;
  return params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k] ?? '')) : text;
}
