import { describe, expect, it } from 'vitest';
import { bookView, groupSide, groupSteps } from './book';

const dp = { price: 2, amount: 4 };

describe('groupSteps', () => {
  it('offers the tick, 10 and 100 ticks', () => {
    expect(groupSteps('0.01000000')).toEqual(['0.01', '0.1', '1']);
    expect(groupSteps('0.00000001')).toEqual(['0.00000001', '0.0000001', '0.000001']);
    expect(groupSteps('5')).toEqual(['5', '50', '500']);
  });
  it('offers nothing for an unreadable or zero tick', () => {
    expect(groupSteps('')).toEqual([]);
    expect(groupSteps('0')).toEqual([]);
  });
});

describe('groupSide', () => {
  it('sorts best first whatever order the levels arrive in', () => {
    const asks = [
      { price: '101.5', number: '1' },
      { price: '100.25', number: '2' },
      { price: '103', number: '3' },
    ];
    const best = groupSide(asks, 'ask', '0.01', 10).map((l) => l.price);
    const reversed = groupSide([...asks].reverse(), 'ask', '0.01', 10).map((l) => l.price);
    expect(best).toEqual(reversed);
    expect(best[0]).toBeLessThan(best[1]!);
    const bids = groupSide(asks, 'bid', '0.01', 10).map((l) => l.price);
    expect(bids[0]).toBeGreaterThan(bids[1]!);
  });

  it('rounds bids down and asks up to the step, summing the amounts', () => {
    const levels = [
      { price: '100.25', number: '1.5' },
      { price: '100.99', number: '0.5' },
      { price: '101.00', number: '2' },
    ];
    const view = bookView({ asks: levels, bids: levels }, '1', 10, dp);
    expect(view.bids.map((r) => [r.price, r.amount])).toEqual([
      ['101.00', '2.0000'],
      ['100.00', '2.0000'],
    ]);
    expect(view.asks.map((r) => [r.price, r.amount])).toEqual([['101.00', '4.0000']]);
  });

  it('drops unreadable and empty levels and keeps at most `rows`', () => {
    const levels = [
      { price: 'x', number: '1' },
      { price: '1', number: '0' },
      { price: '2', number: '1' },
      { price: '3', number: '1' },
      { price: '4', number: '1' },
    ];
    expect(groupSide(levels, 'ask', '', 2).length).toBe(2);
    expect(groupSide(levels, 'ask', '', 10).length).toBe(3);
  });
});

describe('bookView', () => {
  it('cumulates each side from the best price and shades by the deeper side', () => {
    const view = bookView(
      {
        asks: [
          { price: '102', number: '1' },
          { price: '101', number: '3' },
        ],
        bids: [
          { price: '99', number: '2' },
          { price: '100', number: '0.5' },
          { price: '98', number: '5.5' },
        ],
      },
      '0.01',
      10,
      dp,
    );
    expect(view.asks.map((r) => [r.price, r.total, r.depth])).toEqual([
      ['101.00', '3.0000', 37.5],
      ['102.00', '4.0000', 50],
    ]);
    expect(view.bids.map((r) => [r.price, r.amount, r.total, r.depth])).toEqual([
      ['100.00', '0.5000', '0.5000', 6.25],
      ['99.00', '2.0000', '2.5000', 31.25],
      ['98.00', '5.5000', '8.0000', 100],
    ]);
  });

  it('is exact on 8-decimal prices and large amounts', () => {
    const view = bookView(
      {
        asks: [
          { price: '0.00001234', number: '123456789.12345678' },
          { price: '0.00001235', number: '0.00000001' },
        ],
        bids: [],
      },
      '0.00000010',
      10,
      { price: 8, amount: 8 },
    );
    expect(view.asks).toEqual([
      { price: '0.00001240', amount: '123456789.12345679', total: '123456789.12345679', depth: 100 },
    ]);
  });

  it('shows nothing for an empty book', () => {
    expect(bookView({ asks: [], bids: [] }, '0.01', 10, dp)).toEqual({ asks: [], bids: [] });
  });
});
