import { describe, expect, it } from 'vitest';
import { securityLevel, securityScore } from './security';

describe('account security bar', () => {
  it.each([
    [{ phone: '', email: '', review_status: 0 }, 25, 'low'],
    [{ phone: '812345678', email: '', review_status: 0 }, 50, 'middle'],
    [{ phone: '', email: 'a@b.co', review_status: 1 }, 50, 'middle'],
    [{ phone: '', email: 'a@b.co', review_status: 2 }, 75, 'high'],
    [{ phone: '812345678', email: 'a@b.co', review_status: 0 }, 75, 'high'],
    [{ phone: '812345678', email: 'a@b.co', review_status: 2 }, 100, 'strong'],
  ])('%o scores %i (%s)', (user, score, level) => {
    expect(securityScore(user)).toBe(score);
    expect(securityLevel(score)).toBe(level);
  });
});
