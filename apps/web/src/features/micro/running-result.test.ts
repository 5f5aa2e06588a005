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
    [1, '100.00', '100.01', true],
    [1, '100.00', '100.00', true],
    [1, '100.00', '99.99', false],
    [2, '100.00', '99.99', true],
    [2, '100.00', '100.00', true],
    [2, '100.00', '100.01', false],
  ])('type %i open %s now %s: right=%s', (type, open, now, isRight) => {
    expect(runningResult(order(type, open), now)).toEqual({
      isRight,
      amount: isRight ? '+12.5' : '-100',
    });
  });
  it('needs a current price', () => {
    expect(runningResult(order(1, '1'), undefined)).toBeNull();
  });
});
