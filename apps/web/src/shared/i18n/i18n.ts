import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Tree } from '@oryx/i18n';
import { DEFAULT_LOCALE, EMPTY_LOCALE_FALLBACK, isLocale, type Locale } from '@oryx/i18n/locales';
import { STORAGE_KEYS, storage } from '../storage/storage';

/** Each language's name in itself, for the language menu. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  zh: '简体中文',
  en: 'English',
  hk: '繁體中文',
  jp: '日本語',
  kor: '한국어',
  th: 'ไทย',
  ind: 'Bahasa Indonesia',
};

/** BCP 47 tags for <html lang> (fonts and screen readers pick the right script). */
const HTML_LANG: Record<Locale, string> = {
  zh: 'zh-CN',
  en: 'en',
  hk: 'zh-HK',
  jp: 'ja',
  kor: 'ko',
  th: 'th',
  ind: 'id',
};

/** Specification: nothing stored means `en`; an empty stored value means `hk`. */
export function resolveLocale(stored: string | null): Locale {
  if (stored === null) return DEFAULT_LOCALE;
  if (stored.trim() === '') return EMPTY_LOCALE_FALLBACK;
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function getLocale(): Locale {
  return resolveLocale(storage.get(STORAGE_KEYS.locale));
}

export const i18n = i18next.createInstance();

/**
 * Every locales/<lang>/<namespace>.json of @oryx/i18n, each its own chunk: the app downloads only the
 * current locale (and English, the fallback), however many namespaces and locales there are.
 */
const localeFiles = import.meta.glob<Tree>('../../../../../packages/i18n/locales/*/*.json', {
  import: 'default',
});

async function loadLocale(lang: Locale): Promise<Record<string, Tree>> {
  const files = Object.entries(localeFiles).filter(([file]) => file.includes(`/locales/${lang}/`));
  const loaded = await Promise.all(
    files.map(
      async ([file, load]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), await load()] as const,
    ),
  );
  return Object.fromEntries(loaded);
}

/** Called once before the first render; a language change reloads the page, so this runs per locale. */
export async function initI18n(): Promise<void> {
  const lng = getLocale();
  const langs = lng === DEFAULT_LOCALE ? [lng] : [lng, DEFAULT_LOCALE];
  const bundles = await Promise.all(langs.map(loadLocale));
  await i18n.use(initReactI18next).init({
    resources: Object.fromEntries(langs.map((lang, i) => [lang, bundles[i] ?? {}])),
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...Object.keys(LANGUAGE_NAMES)],
    ns: Object.keys(bundles[0] ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = HTML_LANG[lng];
}
