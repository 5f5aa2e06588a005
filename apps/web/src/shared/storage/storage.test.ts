import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Just enough of a browser's local storage for the storage module.
const store = new Map<string, string>();
const localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
};

beforeEach(() => {
  store.clear();
  vi.stubGlobal('window', { localStorage, addEventListener: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

describe('storage.clearExceptKept (logout, session expiry)', () => {
  it('keeps the locale and the theme and clears the rest', async () => {
    const { STORAGE_KEYS, storage } = await import('./storage');
    storage.set(STORAGE_KEYS.token, 'abc');
    storage.set(STORAGE_KEYS.userId, '7');
    storage.set(STORAGE_KEYS.dealLegalId, '1');
    storage.set(STORAGE_KEYS.locale, 'jp');
    storage.set(STORAGE_KEYS.theme, 'white');
    storage.clearExceptKept();
    expect(Object.fromEntries(store)).toEqual({ locale: 'jp', theme: 'white' });
  });

  it('does not invent a kept key that was never set', async () => {
    const { STORAGE_KEYS, storage } = await import('./storage');
    storage.set(STORAGE_KEYS.token, 'abc');
    storage.clearExceptKept();
    expect(store.size).toBe(0);
  });
});
