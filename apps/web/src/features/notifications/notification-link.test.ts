import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-link';

const link = (kind: string, params: Record<string, string> = {}) => notificationLink({ kind, params });

describe('notificationLink', () => {
  it('leads each deal to the page its recipient works it on', () => {
    expect(link('deal.paid', { id: '9', area: 'c2c', role: 'owner' })).toBe('/c2cDetail?id=9');
    expect(link('deal.taken', { id: '4', area: 'shop', role: 'owner' })).toBe('/shopLegalPayDetail?id=4');
    expect(link('deal.released', { id: '4', area: 'shop', role: 'taker' })).toBe('/legalPayDetail?id=4');
    expect(link('deal.taken', { id: '3', area: 'acceptor', role: 'acceptor', type: 'sell' })).toBe(
      '/acceptorDesk',
    );
    expect(link('deal.transferred', { id: '3', area: 'acceptor', role: 'user', type: 'sell' })).toBe(
      '/chargeRecord?current=1',
    );
    expect(link('deal.decided', { id: '3', area: 'acceptor', role: 'user', type: 'buy' })).toBe(
      '/chargeRecord?current=0',
    );
    // A deal without its id or area (rows written before they carried them) leads nowhere.
    expect(link('deal.paid', { area: 'c2c' })).toBeNull();
    expect(link('deal.paid', { id: '9' })).toBeNull();
  });

  it('leads orders, positions, options and money records to their lists', () => {
    expect(link('spot.filled', { id: '12', side: 'buy' })).toBe('/accountEntrust');
    expect(link('lever.liquidation', { id: '41' })).toBe('/leverList');
    expect(link('micro.settled', { id: '5', result: 'win' })).toBe('/micro/proof/5');
    expect(link('deposit.credited', { id: '2' })).toBe('/coinRecord?view=deposit');
    expect(link('deposit.credited', { id: '2', area: 'rupiah' })).toBe('/rupiahRecharge');
    expect(link('withdraw.rejected', { id: '8' })).toBe('/coinRecord?view=withdraw');
    expect(link('withdraw.sent', { id: '8', area: 'rupiah' })).toBe('/rupiahWithdraw');
    expect(link('security.new_device', { device: 'Firefox' })).toBe('/security');
    expect(link('something.unknown')).toBeNull();
  });

  it('leads operators to the console page that decides the work', () => {
    expect(link('console.appeal', { id: '9', area: 'shop' })).toBe('/console/appeals');
    expect(link('console.dispute', { id: '3', area: 'acceptor' })).toBe('/console/acceptors');
    expect(link('console.withdrawal', { id: '8', area: 'coin' })).toBe('/console/withdrawals');
    expect(link('console.withdrawal', { id: '8', area: 'rupiah' })).toBe('/console/payouts');
  });
});
