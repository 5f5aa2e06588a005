import { describe, expect, it } from 'vitest';
import { defaultCountry } from './country-default';

const iso = (languages: string[], app = 'en') => defaultCountry(languages, app).iso;

describe('defaultCountry', () => {
  it('takes the region of the browser language', () => {
    expect(iso(['en-GB', 'en'])).toBe('GB');
    expect(iso(['zh-HK'])).toBe('HK');
    expect(iso(['zh-Hant-TW'])).toBe('TW');
    expect(iso(['pt_BR'])).toBe('BR');
  });

  it('else the usual country of the language', () => {
    expect(iso(['ja'])).toBe('JP');
    expect(iso(['ko'])).toBe('KR');
    expect(iso(['id'])).toBe('ID');
    expect(iso(['en'])).toBe('US');
    expect(iso(['th'])).toBe('TH');
  });

  it('is not Thailand for everyone: the app language decides when the browser says nothing', () => {
    expect(iso([], 'en')).toBe('US');
    expect(iso([], 'zh')).toBe('CN');
    expect(iso([], 'hk')).toBe('HK');
    expect(iso(['xx'], 'kor')).toBe('KR');
    expect(defaultCountry(['zh-CN'], 'en').area_code).toBe('86');
  });
});
