import { describe, expect, it } from 'vitest';
import { configuredEmail, configuredUrl } from './config';

describe('shell links from the build environment', () => {
  it('keeps web addresses and site paths', () => {
    expect(configuredUrl('https://apps.apple.com/app/id1')).toBe('https://apps.apple.com/app/id1');
    expect(configuredUrl(' /downloads/oryx.apk ')).toBe('/downloads/oryx.apk');
  });

  it('drops what is unset or not a web address: the link is then not shown', () => {
    for (const raw of [
      undefined,
      '',
      '  ',
      'javascript:alert(1)',
      '//evil.example',
      'not a url',
      'ftp://x.y/z',
    ]) {
      expect(configuredUrl(raw), String(raw)).toBeNull();
    }
  });

  it('keeps a plain e-mail address only', () => {
    expect(configuredEmail('support@example.com')).toBe('support@example.com');
    for (const raw of [undefined, '', 'support', 'a@b', 'a@b.c?subject=x', 'a b@c.d']) {
      expect(configuredEmail(raw), String(raw)).toBeNull();
    }
  });
});
