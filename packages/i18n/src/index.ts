/**
 * The 7 locales and every translation, shared by the web app and the server (the server translates
 * error messages and log `info` texts). Files: locales/<lang>/<namespace>.json.
 * Adding a namespace: create the JSON file in all 7 locale folders and list it in NAMESPACES below;
 * the completeness test (locales.test.ts) fails on any missing or empty key.
 */
import zhCommon from '../locales/zh/common.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import hkCommon from '../locales/hk/common.json' with { type: 'json' };
import jpCommon from '../locales/jp/common.json' with { type: 'json' };
import korCommon from '../locales/kor/common.json' with { type: 'json' };
import thCommon from '../locales/th/common.json' with { type: 'json' };
import indCommon from '../locales/ind/common.json' with { type: 'json' };
import zhErrors from '../locales/zh/errors.json' with { type: 'json' };
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import hkErrors from '../locales/hk/errors.json' with { type: 'json' };
import jpErrors from '../locales/jp/errors.json' with { type: 'json' };
import korErrors from '../locales/kor/errors.json' with { type: 'json' };
import thErrors from '../locales/th/errors.json' with { type: 'json' };
import indErrors from '../locales/ind/errors.json' with { type: 'json' };

export const LOCALES = ['zh', 'en', 'hk', 'jp', 'kor', 'th', 'ind'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The specification: an empty stored locale becomes `hk`. */
export const EMPTY_LOCALE_FALLBACK: Locale = 'hk';

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

type Tree = { [key: string]: string | Tree };

export const resources = {
  zh: { common: zhCommon, errors: zhErrors },
  en: { common: enCommon, errors: enErrors },
  hk: { common: hkCommon, errors: hkErrors },
  jp: { common: jpCommon, errors: jpErrors },
  kor: { common: korCommon, errors: korErrors },
  th: { common: thCommon, errors: thErrors },
  ind: { common: indCommon, errors: indErrors },
} satisfies Record<Locale, Record<string, Tree>>;

export const NAMESPACES = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];

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
