import { describe, expect, it } from 'vitest';
import { LOCALES, translate } from '@oryx/i18n';
import { FORM_ERRORS } from '@oryx/contracts/auth/forms';

describe('form messages', () => {
  // The page and the server must say the same sentence for the same broken rule.
  it.each(Object.entries(FORM_ERRORS))('%s reads the same as errors.%s in every locale', (key, code) => {
    for (const lang of LOCALES) {
      const page = translate(lang, `auth.${key}`);
      expect(page, `${lang} auth.${key}`).not.toBe(`auth.${key}`);
      expect(translate(lang, `errors.${code}`), lang).toBe(page);
    }
  });
});
