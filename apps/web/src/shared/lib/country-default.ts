/**
 * The country a sign-up, login or reset form starts on (area code and nationality), from the browser's
 * languages: the region of the first tag that names a known one ('en-GB' -> GB, 'zh-HK' -> HK), else the
 * usual country of the first language that has one ('ja' -> JP, 'th' -> TH), else the app's own language.
 * The user can always pick another; this only saves most people a scroll.
 */
import { COUNTRIES, type Country } from '@oryx/contracts/countries';

/** The country most speakers of a language sign up from (languages spoken in many countries: none). */
const COUNTRY_OF_LANGUAGE: Record<string, string> = {
  zh: 'CN',
  ja: 'JP',
  ko: 'KR',
  th: 'TH',
  id: 'ID',
  ms: 'MY',
  vi: 'VN',
  tl: 'PH',
  fil: 'PH',
  hi: 'IN',
  tr: 'TR',
  ru: 'RU',
  uk: 'UA',
  pl: 'PL',
  de: 'DE',
  fr: 'FR',
  it: 'IT',
  nl: 'NL',
  pt: 'BR',
  es: 'ES',
  en: 'US',
};

/** The app's own locales (zh en hk jp kor th ind) as countries, the last resort. */
const COUNTRY_OF_APP_LOCALE: Record<string, string> = {
  zh: 'CN',
  hk: 'HK',
  jp: 'JP',
  kor: 'KR',
  th: 'TH',
  ind: 'ID',
  en: 'US',
};

const byIso = (iso: string | undefined): Country | undefined =>
  iso === undefined ? undefined : COUNTRIES.find((c) => c.iso === iso.toUpperCase());

/** The region subtag of a BCP 47 tag ('zh-Hant-TW' -> 'TW', 'en-US' -> 'US'), if any. */
function regionOf(tag: string): string | undefined {
  return tag
    .split(/[-_]/)
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part));
}

export function defaultCountry(languages: readonly string[], appLocale: string): Country {
  for (const tag of languages) {
    const found = byIso(regionOf(tag));
    if (found) return found;
  }
  for (const tag of languages) {
    const found = byIso(COUNTRY_OF_LANGUAGE[tag.split(/[-_]/)[0]!.toLowerCase()]);
    if (found) return found;
  }
  return byIso(COUNTRY_OF_APP_LOCALE[appLocale]) ?? byIso('US')!;
}

/** The browser's languages (empty where there is no navigator). */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : navigator.language
        ? [navigator.language]
        : [];
