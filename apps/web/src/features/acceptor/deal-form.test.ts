import { describe, expect, it } from 'vitest';
import { checkDealForm, coinEstimate } from './deal-form';

const ok = { mobile: '13812345678', account: '6222 0000', money: '720', way: 'bank' };

describe('acceptor deal form', () => {
  it('checks phone, account, money and way in that order', () => {
    expect(checkDealForm(ok)).toBeNull();
    expect(checkDealForm({ ...ok, mobile: '', money: '0' })?.key).toBe('errMobile');
    expect(checkDealForm({ ...ok, account: ' ', money: '0' })?.key).toBe('errAccount');
    for (const money of ['0', '0.00', '-1', 'abc', '1e3', '1.234', ''])
      expect(checkDealForm({ ...ok, money })?.key).toBe('errMoney');
    expect(checkDealForm({ ...ok, way: '' })?.key).toBe('errWay');
  });

  it('estimates coins as the server rounds them', () => {
    expect(coinEstimate('100', '7.2000', 8, 'buy')).toBe('13.88888888');
    expect(coinEstimate('100', '7.0500', 8, 'sell')).toBe('14.18439717');
    expect(coinEstimate('x', '7.2', 8, 'buy')).toBe('');
  });
});
