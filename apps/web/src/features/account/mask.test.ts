import { describe, expect, it } from 'vitest';
import { maskAccount } from './mask';

describe('maskAccount', () => {
  it('shows only the last 4 characters', () => {
    expect(maskAccount('6222021234567890123')).toBe('•••• 0123');
    expect(maskAccount('6222 0212 3456 7890')).toBe('•••• 7890');
    expect(maskAccount('GB33BUKB20201555555555')).toBe('•••• 5555');
  });

  it('hides short numbers entirely and leaves nothing as nothing', () => {
    expect(maskAccount('12345')).toBe('•••• 2345');
    expect(maskAccount('1234')).toBe('••••');
    expect(maskAccount('7')).toBe('••••');
    expect(maskAccount('')).toBe('');
  });
});
