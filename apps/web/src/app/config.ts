/**
 * Operator-facing links of the shell, set at build time through Vite's environment (an `.env` file or
 * the environment of `vite build`):
 *
 *   VITE_APP_DOWNLOAD_IOS=https://apps.apple.com/app/id0000000000
 *   VITE_APP_DOWNLOAD_ANDROID=https://example.com/oryx.apk
 *   VITE_SUPPORT_EMAIL=support@example.com
 *
 * A link that is not set (or not a web address / an e-mail address) is not shown at all, so no deployment
 * shows a link that leads nowhere. Nothing else in the app hard-codes an outside address.
 */

/** An absolute http(s) address or a path of this site; anything else is not a link worth showing. */
export function configuredUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A plain e-mail address (no `mailto:` parameters smuggled in). */
export function configuredEmail(raw: string | undefined): string | null {
  const value = raw?.trim();
  return value && /^[^\s@?&#/:]+@[^\s@?&#/:]+\.[^\s@?&#/:]+$/.test(value) ? value : null;
}

/** The customer-service address (footer and the header's support menu); null: not shown. */
export const SUPPORT_EMAIL = configuredEmail(import.meta.env.VITE_SUPPORT_EMAIL);

/** App downloads, shown as text links in the footer when set. */
export const APP_DOWNLOADS = {
  ios: configuredUrl(import.meta.env.VITE_APP_DOWNLOAD_IOS),
  android: configuredUrl(import.meta.env.VITE_APP_DOWNLOAD_ANDROID),
} as const;
