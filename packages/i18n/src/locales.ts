/**
 * The locale list alone, without any texts: the web app imports this and loads only the texts of the
 * current locale (the full `resources` of index.ts is for the server and the tests).
 */
export const LOCALES = ['zh', 'en', 'hk', 'jp', 'kor', 'th', 'ind'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** An empty stored locale becomes `hk`. */
export const EMPTY_LOCALE_FALLBACK: Locale = 'hk';

export const isLocale = (v: unknown): v is Locale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
