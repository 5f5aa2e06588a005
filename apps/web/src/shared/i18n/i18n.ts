import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  EMPTY_LOCALE_FALLBACK,
  NAMESPACES,
  isLocale,
  resources,
  type Locale,
} from '@oryx/i18n';
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

/** Called once at start, before the first render; every namespace of @oryx/i18n is loaded. */
export function initI18n(): void {
  const lng = getLocale();
  void i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...Object.keys(LANGUAGE_NAMES)],
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = HTML_LANG[lng];
}
