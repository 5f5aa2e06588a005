import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Namespace, Tree } from '@oryx/i18n';
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

/** Nothing stored means `en`; an empty stored value means `hk`. */
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
 * current locale (and English, the fallback), and of those only the namespaces the visited pages use.
 */
const localeFiles = import.meta.glob<Tree>('../../../../../packages/i18n/locales/*/*.json', {
  import: 'default',
});

async function loadNamespace(lang: string, ns: string): Promise<Tree> {
  const entry = Object.entries(localeFiles).find(([file]) => file.endsWith(`/locales/${lang}/${ns}.json`));
  if (!entry) throw new Error(`no translations for ${lang}/${ns}`);
  return entry[1]();
}

/** i18next loads a namespace through this on first need (`loadNamespaces`, or `useTranslation` suspending). */
const backend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(lang, ns, callback) {
    loadNamespace(lang, ns).then(
      (tree) => callback(null, tree),
      (err: unknown) => callback(err instanceof Error ? err : String(err), false),
    );
  },
};

/**
 * Loaded before the first render: the shell (header, footer, spinners, dialogs) uses `common`, and
 * replies anywhere may show `errors`. A page's own namespaces come with the page (app/route-namespaces.ts).
 */
const INITIAL_NAMESPACES: Namespace[] = ['common', 'errors'];

let initialized: Promise<void> | undefined;

/**
 * Loads namespaces of the current language (and the fallback); resolves at once for loaded ones. May be
 * called before `initI18n` has finished (the router starts loading the first page at once): the files
 * are fetched straight away, in parallel with the start.
 */
export async function loadNamespaces(ns: readonly Namespace[]): Promise<void> {
  if (ns.length === 0) return;
  const lng = getLocale();
  const langs = lng === DEFAULT_LOCALE ? [lng] : [lng, DEFAULT_LOCALE];
  const fetching = Promise.all(
    langs.flatMap((lang) => ns.map((n) => loadNamespace(lang, n).catch(() => {}))),
  );
  await initI18n();
  await fetching;
  await i18n.loadNamespaces(ns);
}

/** Called before the first render; a language change reloads the page, so this runs once per locale. */
export function initI18n(): Promise<void> {
  initialized ??= (async () => {
    const lng = getLocale();
    await i18n
      .use(backend)
      .use(initReactI18next)
      .init({
        lng,
        fallbackLng: DEFAULT_LOCALE,
        supportedLngs: [...Object.keys(LANGUAGE_NAMES)],
        ns: INITIAL_NAMESPACES,
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
      });
    document.documentElement.lang = HTML_LANG[lng];
  })();
  return initialized;
}
