import { describe, expect, it } from 'vitest';
import { securityLevel, securityScore } from './security';

const PHONE = '812345678';
const EMAIL = 'a@b.co';

describe('account security bar', () => {
  it.each([
    [{ phone: '', email: '', review_status: 0, two_factor: false }, 20, 'low'],
    [{ phone: PHONE, email: '', review_status: 0, two_factor: false }, 35, 'low'],
    [{ phone: '', email: EMAIL, review_status: 1, two_factor: false }, 35, 'low'],
    [{ phone: PHONE, email: EMAIL, review_status: 0, two_factor: false }, 50, 'middle'],
    // Everything but two-factor: never "high" (it read "High · 75 %" before two-factor counted).
    [{ phone: PHONE, email: EMAIL, review_status: 2, two_factor: false }, 65, 'middle'],
    [{ phone: '', email: EMAIL, review_status: 0, two_factor: true }, 70, 'middle'],
    [{ phone: PHONE, email: EMAIL, review_status: 0, two_factor: true }, 85, 'high'],
    [{ phone: '', email: EMAIL, review_status: 2, two_factor: true }, 85, 'high'],
    [{ phone: PHONE, email: EMAIL, review_status: 2, two_factor: true }, 100, 'strong'],
  ])('%o scores %i (%s)', (user, score, level) => {
    expect(securityScore(user)).toBe(score);
    expect(securityLevel(score)).toBe(level);
  });

  it('reaches "high" only with two-factor on', () => {
    for (const phone of ['', PHONE])
      for (const email of ['', EMAIL])
        for (const review_status of [0, 1, 2]) {
          const off = securityScore({ phone, email, review_status, two_factor: false });
          const on = securityScore({ phone, email, review_status, two_factor: true });
          expect(['low', 'middle']).toContain(securityLevel(off));
          expect(on - off).toBe(35);
        }
  });
});
