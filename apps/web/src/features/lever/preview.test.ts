import { describe, expect, it } from 'vitest';
import { expectedProfit, leverPreview, lotsProblem, stepPrice } from './preview';

describe('leverPreview', () => {
  const base = { lots: '2', multiple: 10, lotSize: '0.01', spread: '0.1', feePercent: '0.2' };

  it('adds the spread to a long: value = open x lots x lot size, margin = value / multiple, fee = value x fee %', () => {
    // 96000 + 96 = 96096; x 2 x 0.01 = 1921.92; / 10 = 192.192; x 0.2 % = 3.84384
    expect(leverPreview({ ...base, price: '96000', side: 'long' })).toEqual({
      openPrice: '96096.0000',
      total: '1921.9200',
      margin: '192.1920',
      fee: '3.8438',
      liquidation: '',
    });
  });

  it('takes the spread off a short', () => {
    // 96000 - 96 = 95904; x 0.02 = 1918.08; / 10 = 191.808; x 0.2 % = 3.83616
    expect(leverPreview({ ...base, price: '96000', side: 'short' })).toEqual({
      openPrice: '95904.0000',
      total: '1918.0800',
      margin: '191.8080',
      fee: '3.8361',
      liquidation: '',
    });
  });

  it('is exact where floats are not (0.1 + 0.2)', () => {
    const p = leverPreview({
      ...base,
      side: 'long',
      price: '0.3',
      lots: '3',
      lotSize: '1',
      spread: '0',
      multiple: 1,
    });
    expect(p?.total).toBe('0.9000');
    expect(p?.margin).toBe('0.9000');
  });

  it('shows one value for the contract, the margin and the fee: the open price', () => {
    const p = leverPreview({ ...base, price: '100', lots: '1', lotSize: '1', spread: '1', side: 'long' });
    // 100 + 1 % = 101: value 101, margin 10.1 (not 100 / 10), fee 0.202.
    expect(p).toMatchObject({ total: '101.0000', margin: '10.1000', fee: '0.2020' });
  });

  it('estimates the liquidation price by the server rule with the balance left free', () => {
    const at = { ...base, lots: '1', lotSize: '1', spread: '0', feePercent: '0', liquidationPercent: '50' };
    // Long 1 at 100, 10x: margin 10, nothing free: liquidated when the loss reaches 5, at 95.
    expect(leverPreview({ ...at, price: '100', side: 'long', available: '10' })?.liquidation).toBe('95.0000');
    // 20 more free: a loss of 25 first, at 75.
    expect(leverPreview({ ...at, price: '100', side: 'long', available: '30' })?.liquidation).toBe('75.0000');
    expect(leverPreview({ ...at, price: '100', side: 'short', available: '10' })?.liquidation).toBe(
      '105.0000',
    );
    // Enough free that no positive price liquidates a long.
    expect(leverPreview({ ...at, price: '100', side: 'long', available: '1000' })?.liquidation).toBe('');
  });

  it('waits for a price, whole lots and a multiple', () => {
    expect(leverPreview({ ...base, price: '', side: 'long' })).toBeNull();
    expect(leverPreview({ ...base, price: '10', lots: '1.5', side: 'long' })).toBeNull();
    expect(leverPreview({ ...base, price: '10', multiple: 0, side: 'long' })).toBeNull();
  });
});

describe('lotsProblem', () => {
  it('asks for a positive integer within the limits (max 0 = no cap)', () => {
    expect(lotsProblem('', 1, 10)).toBeNull();
    expect(lotsProblem('1.5', 1, 10)).toEqual({ key: 'integer' });
    expect(lotsProblem('0', 1, 10)).toEqual({ key: 'integer' });
    expect(lotsProblem('1', 2, 10)).toEqual({ key: 'belowMin', min: 2 });
    expect(lotsProblem('11', 1, 10)).toEqual({ key: 'aboveMax', max: 10 });
    expect(lotsProblem('5000', 1, 0)).toBeNull();
  });
});

describe('stop prices', () => {
  it('step by 0.01 and never go below 0', () => {
    expect(stepPrice('100', 1)).toBe('100.01');
    expect(stepPrice('0.01', -1)).toBe('0.00');
    expect(stepPrice('0', -1)).toBe('0.00');
  });

  it('expect (target - open) x lots x lot size on a long, the mirror on a short', () => {
    const long = { side: 'long' as const, openPrice: '100', lots: 3, lotSize: '0.5' };
    expect(expectedProfit({ ...long, target: '110' })).toBe('15.0000');
    expect(expectedProfit({ ...long, target: '90' })).toBe('-15.0000');
    expect(expectedProfit({ ...long, side: 'short', target: '90' })).toBe('15.0000');
    expect(expectedProfit({ ...long, target: '' })).toBe('');
  });
});
