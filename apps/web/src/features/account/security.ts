/**
 * The account security bar, out of 100: the login password 20, a bound phone 15, a bound e-mail 15,
 * certified identity (review_status 2) 15, two-factor authentication 35. Labels: 50 % middle, 75 % high,
 * 100 % strong, below 50 low. Two-factor weighs most because it is the one protection that holds when the
 * password is known; without it the score stays at most 65 % (middle), so "high" and "strong" always
 * mean two-factor is on.
 */
export type SecurityLevel = 'low' | 'middle' | 'high' | 'strong';

export const SECURITY_WEIGHTS = { password: 20, phone: 15, email: 15, identity: 15, twoFactor: 35 } as const;

export function securityScore(u: {
  phone: string;
  email: string;
  review_status: number;
  two_factor: boolean;
}): number {
  const w = SECURITY_WEIGHTS;
  return (
    w.password +
    (u.phone ? w.phone : 0) +
    (u.email ? w.email : 0) +
    (u.review_status === 2 ? w.identity : 0) +
    (u.two_factor ? w.twoFactor : 0)
  );
}

export function securityLevel(score: number): SecurityLevel {
  if (score >= 100) return 'strong';
  if (score >= 75) return 'high';
  if (score >= 50) return 'middle';
  return 'low';
}
