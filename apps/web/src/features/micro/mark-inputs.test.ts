import { describe, expect, it } from 'vitest';
import { bpsText, minorText, readMarkInputs } from './mark-inputs';

describe('readMarkInputs', () => {
  it('reads the recorded settings, window, snapshots and participants as bigints', () => {
    const m = readMarkInputs({
      inputs: {
        rule: {
          window_ms: 15000,
          sample_ms: 1000,
          band_bps: 50,
          impact_quote_minor: '100000000000',
          trade_weight_bps: 1000,
          user_cap_bps: 5000,
        },
        window: { from_ms_exclusive: 1000, to_ms: 16000 },
        books: [{ id: 4, at_ms: 2000, mid_minor: '9450000000', clipped_minor: '9450000000' }],
        median_minor: '9450000000',
        band_minor: ['9402750000', '9497250000'],
        book_price_minor: '9450000000',
        trade_ids: [9],
        participants: [
          { n: 1, volume_minor: '500000000', price_minor: '9497000000', weight_minor: '500000000' },
        ],
        trade_price_minor: '9497000000',
        trade_share_bps: 500,
        last_trade_id: null,
      },
    });
    expect(m.rule?.window_ms).toBe(15000);
    expect(m.books[0]?.mid_minor).toBe(9_450_000_000n);
    expect(m.band_minor).toEqual([9_402_750_000n, 9_497_250_000n]);
    expect(m.participants[0]?.weight_minor).toBe(500_000_000n);
    expect(m.trade_share_bps).toBe(500);
    expect(minorText(m.book_price_minor!, 8)).toBe('94.50000000');
  });

  it('reads an empty or odd record as absent parts, never throwing', () => {
    expect(readMarkInputs({ inputs: {} })).toMatchObject({ books: [], participants: [], rule: null });
    expect(readMarkInputs({ inputs: { books: 'x', median_minor: 'abc' } })).toMatchObject({
      books: [],
      median_minor: null,
    });
  });

  it('shows basis points as a percent', () => {
    expect(bpsText(500)).toBe('5');
    expect(bpsText(25)).toBe('0.25');
    expect(bpsText(1050)).toBe('10.5');
  });
});
