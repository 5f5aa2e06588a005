import { STORAGE_KEYS, storage, useStorageItem } from '../storage/storage';

/** Two themes (dark by default, white the alternative), as CSS variables on <html data-theme>. */
export const THEMES = ['dark', 'white'] as const;
export type Theme = (typeof THEMES)[number];

const toTheme = (value: string | null): Theme => (value === 'white' ? 'white' : 'dark');

export function getTheme(): Theme {
  return toTheme(storage.get(STORAGE_KEYS.theme));
}

export function applyTheme(theme: Theme = getTheme()): void {
  document.documentElement.dataset.theme = theme;
}

export function setTheme(theme: Theme): void {
  storage.set(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
}

export function useTheme(): { theme: Theme; setTheme: (t: Theme) => void; toggle: () => void } {
  const theme = toTheme(useStorageItem(STORAGE_KEYS.theme));
  return { theme, setTheme, toggle: () => setTheme(theme === 'dark' ? 'white' : 'dark') };
}
