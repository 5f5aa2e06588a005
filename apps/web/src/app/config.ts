/**
 * Operator-facing links of the shell. Deployments change them here (or replace this file at build time);
 * nothing else in the app hard-codes an outside address.
 */
export const SUPPORT_EMAIL = 'support@oryx.exchange';

/** App downloads, shown as text links in the footer. */
export const APP_DOWNLOADS = {
  ios: '/downloads/oryx-ios.html',
  android: '/downloads/oryx-android.apk',
} as const;
