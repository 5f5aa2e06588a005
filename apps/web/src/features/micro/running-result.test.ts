import { describe, expect, it } from 'vitest';
import { runningResult } from './running-result';

const order = (type: number, open: string) => ({
  type,
  open_price: open,
  number: '100',
  profit_ratio: '12.50',
});

describe('running result of an open seconds order', () => {
  it.each([
    [1, '100.00', '100.01', 'win', '+12.5'],
    [1, '100.00', '99.99', 'loss', '-100'],
    [2, '100.00', '99.99', 'win', '+12.5'],
    [2, '100.00', '100.01', 'loss', '-100'],
    // Equal prices settle as a draw on the server (the stake comes back): the running result agrees.
    [1, '100.00', '100.00', 'draw', '0'],
    [2, '100.00', '100.00', 'draw', '0'],
    [1, '100.00', '100', 'draw', '0'],
  ])('type %i open %s now %s: %s %s', (type, open, now, outcome, amount) => {
    expect(runningResult(order(type, open), now)).toEqual({ outcome, amount });
  });
  it('needs a current price', () => {
    expect(runningResult(order(1, '1'), undefined)).toBeNull();
  });
});
