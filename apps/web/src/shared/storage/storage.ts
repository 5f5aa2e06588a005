import { useSyncExternalStore } from 'react';

/**
 * The browser storage the API family's pages share: the session token, a few user fields the shell
 * keeps, the locale and the theme. Features add their own keys (selected market, ...) here so that one
 * list says what the app keeps in the browser.
 *
 * Writes go through `storage` so that components reading a key with `useStorageItem` re-render (the
 * browser's `storage` event only fires in other tabs).
 */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'user_id',
  accountNum: 'accountNum',
  isSeller: 'is_seller',
  userType: 'type',
  extensionCode: 'extension_code',
  locale: 'locale',
  theme: 'theme',
  // Spot (the deal centre): the chosen market, its quote-group tab and the last price seen.
  dealLegalId: 'deal_legal_id',
  dealCurrencyId: 'deal_currency_id',
  dealLegalName: 'deal_legal_name',
  dealCurrencyName: 'deal_currency_name',
  dealIndex1: 'dealIndex1',
  dealPrice: 'dealPrice',
  // The other trade pages (seconds options): the chosen pair, without the deal prefix.
  legalId: 'legal_id',
  currencyId: 'currency_id',
  legalName: 'legal_name',
  currencyName: 'currency_name',
  // Seconds options: '0' when the user turned off the confirmation before each order.
  microConfirm: 'micro_confirm',
  // The currency valuations are shown in ('USD' or 'CNY'); unset: from the language.
  valuationCurrency: 'valuation_currency',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Kept when the session ends (logout or an expired token): the device's settings, not the user's data. */
export const KEPT_ON_SESSION_END: readonly StorageKey[] = [
  STORAGE_KEYS.locale,
  STORAGE_KEYS.theme,
  STORAGE_KEYS.valuationCurrency,
];

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

// Storage can throw (disabled cookies, private mode quotas): the app then runs without persistence.
function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch (err) {
    console.warn('localStorage unavailable', err);
    return fallback;
  }
}

export const storage = {
  get: (key: StorageKey): string | null => attempt(() => window.localStorage.getItem(key), null),
  set(key: StorageKey, value: string): void {
    attempt(() => window.localStorage.setItem(key, value), undefined);
    notify();
  },
  remove(key: StorageKey): void {
    attempt(() => window.localStorage.removeItem(key), undefined);
    notify();
  },
  /** Clears everything but the locale and the theme (logout and session expiry). */
  clearExceptKept(): void {
    attempt(() => {
      const kept = KEPT_ON_SESSION_END.map((k) => [k, window.localStorage.getItem(k)] as const);
      window.localStorage.clear();
      for (const [k, v] of kept) if (v !== null) window.localStorage.setItem(k, v);
    }, undefined);
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab logging in or out changes what this tab shows too.
if (typeof window !== 'undefined') window.addEventListener('storage', notify);

/** The current value of one key; re-renders when it changes. */
export function useStorageItem(key: StorageKey): string | null {
  return useSyncExternalStore(storage.subscribe, () => storage.get(key));
}
