/**
 * The account security bar: 25 % base, plus 25 % for a bound phone, 25 % for a
 * bound e-mail, 25 % when identity is certified (review_status 2). Labels: 50 % middle, 75 % high,
 * 100 % strong; the base alone is shown as low.
 */
export type SecurityLevel = 'low' | 'middle' | 'high' | 'strong';

export function securityScore(u: { phone: string; email: string; review_status: number }): number {
  return 25 + (u.phone ? 25 : 0) + (u.email ? 25 : 0) + (u.review_status === 2 ? 25 : 0);
}

export function securityLevel(score: number): SecurityLevel {
  if (score >= 100) return 'strong';
  if (score >= 75) return 'high';
  if (score >= 50) return 'middle';
  return 'low';
}
