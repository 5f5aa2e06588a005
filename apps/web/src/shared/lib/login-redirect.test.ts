import { describe, expect, it } from 'vitest';
import { LOGIN_PATH, loginPath, safeRedirect, tradePasswordPath } from './login-redirect';

describe('safeRedirect', () => {
  it('keeps paths of this app with their query and hash', () => {
    expect(safeRedirect('/accountSet')).toBe('/accountSet');
    expect(safeRedirect('/dealCenter?legalId=1&currencyId=2')).toBe('/dealCenter?legalId=1&currencyId=2');
    expect(safeRedirect('/noticeDetail?id=3#top')).toBe('/noticeDetail?id=3#top');
    expect(safeRedirect('/a/../bandbank')).toBe('/bandbank');
  });

  it('drops anything that could leave the app', () => {
    for (const raw of [
      'https://evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      ' /accountSet',
      '/\t/evil.example',
      '/\n/evil.example',
      `/${'x'.repeat(1000)}`,
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(raw), String(raw)).toBeNull();
    }
  });

  it('drops the login and registration pages (no loop)', () => {
    expect(safeRedirect('/components/login')).toBeNull();
    expect(safeRedirect('/components/login?redirect=%2FaccountSet')).toBeNull();
    expect(safeRedirect('/components/register')).toBeNull();
    expect(safeRedirect('/forgetPwd')).toBeNull();
  });
});

describe('loginPath', () => {
  it('carries the page to come back to, encoded', () => {
    expect(loginPath('/dealCenter?legalId=1&currencyId=2')).toBe(
      `${LOGIN_PATH}?redirect=%2FdealCenter%3FlegalId%3D1%26currencyId%3D2`,
    );
  });

  it('is the plain login page for home, nothing, or an unsafe target', () => {
    expect(loginPath('/')).toBe(LOGIN_PATH);
    expect(loginPath()).toBe(LOGIN_PATH);
    expect(loginPath('//evil.example')).toBe(LOGIN_PATH);
  });
});

describe('tradePasswordPath', () => {
  it('returns to the page that asked, when it is a page of this app', () => {
    expect(tradePasswordPath('/dealCenter?legalId=1&currencyId=3')).toBe(
      `/bindmpwd?from=${encodeURIComponent('/dealCenter?legalId=1&currencyId=3')}`,
    );
    expect(tradePasswordPath('/')).toBe('/bindmpwd');
    expect(tradePasswordPath('//evil.example/x')).toBe('/bindmpwd');
    expect(tradePasswordPath('/bindmpwd?from=/x')).toBe('/bindmpwd');
  });
});
