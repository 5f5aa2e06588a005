import type { Resources } from '@oryx/i18n';

// Typed keys: `t('nav.home')` and `t('errors:VALIDATION', { detail })` are checked against the English files.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources['en'];
    returnNull: false;
  }
}
