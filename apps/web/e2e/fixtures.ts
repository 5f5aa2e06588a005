import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { KEEP_PICTURES } from './pictures';

export { expect };
export type Locale = 'zh' | 'en' | 'hk' | 'jp' | 'kor' | 'th' | 'ind';
export type Theme = 'dark' | 'white';

const screensDir = fileURLToPath(new URL('../test-results/screens', import.meta.url));

/** Tests get the exchange the global setup started (or the one ORYX_E2E_URL names). */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.ORYX_E2E_URL;
    if (!url) throw new Error('ORYX_E2E_URL is not set: run the specs through playwright.config.ts');
    await use(url);
  },
});

/** Local storage belongs to the app's origin: open it first when the page is still blank. */
async function onApp(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
}

async function setStorage(page: Page, key: string, value: string): Promise<void> {
  await onApp(page);
  await page.evaluate(([k, v]) => window.localStorage.setItem(k, v), [key, value] as const);
  await page.reload();
}

/** Stores the locale the way the app does and reloads. */
export const setLocale = (page: Page, locale: Locale) => setStorage(page, 'locale', locale);

/** Stores the theme the way the app does and reloads. */
export const setTheme = (page: Page, theme: Theme) => setStorage(page, 'theme', theme);

/** All of local storage, for assertions. */
export const readStorage = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)) as Record<string, string>);

/** A screenshot in test-results/screens/<name>.png (the full page unless `clip` is given), when saved. */
export async function screenshot(
  page: Page,
  name: string,
  opts: { clip?: { x: number; y: number; width: number; height: number }; fullPage?: boolean } = {},
): Promise<void> {
  if (!KEEP_PICTURES) return;
  const file = path.join(screensDir, `${name}.png`);
  await page.screenshot({
    path: file,
    fullPage: opts.fullPage ?? !opts.clip,
    animations: 'disabled',
    ...(opts.clip ? { clip: opts.clip } : {}),
  });
}
