import { describe, expect, it } from 'vitest';
import { confirmationsAt } from './adapter';
import { isSandboxAddress, reorgsAt, sandboxAddress } from './sandbox';

describe('sandbox chain rules', () => {
  it('derives distinct, checksummed addresses; a typo fails the checksum', () => {
    const a = sandboxAddress('s', 1);
    expect(a).toMatch(/^sbx[0-9a-f]{40}$/);
    expect(sandboxAddress('s', 1)).toBe(a);
    expect(sandboxAddress('s', 2)).not.toBe(a);
    expect(sandboxAddress('t', 1)).not.toBe(a);
    expect(isSandboxAddress(a)).toBe(true);
    const typo = a.slice(0, 10) + (a[10] === '0' ? '1' : '0') + a.slice(11);
    expect(isSandboxAddress(typo)).toBe(false);
    for (const bad of ['', 'sbx', a.toUpperCase(), `${a}0`, `0x${a.slice(3)}`])
      expect(isSandboxAddress(bad)).toBe(false);
  });

  it('decides reorganisations from the seed alone, at about the configured rate', () => {
    const hits = (seed: string) => Array.from({ length: 10_000 }, (_, h) => reorgsAt(seed, h, 20));
    expect(hits('a')).toEqual(hits('a'));
    expect(hits('a')).not.toEqual(hits('b'));
    const n = hits('a').filter(Boolean).length;
    expect(n).toBeGreaterThan(120);
    expect(n).toBeLessThan(280);
    expect(Array.from({ length: 1000 }, (_, h) => reorgsAt('a', h, 0)).some(Boolean)).toBe(false);
  });

  it('counts a block as its own first confirmation', () => {
    expect(confirmationsAt(10, 9)).toBe(0);
    expect(confirmationsAt(10, 10)).toBe(1);
    expect(confirmationsAt(10, 15)).toBe(6);
  });
});
