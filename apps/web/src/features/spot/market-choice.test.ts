import { describe, expect, it } from 'vitest';
import type { QuotationGroup, QuotationItem } from '@oryx/contracts/market/calls';
import { chooseMarket, findMarket, groupIndexOf, parseId, parseIndex } from './market-choice';

const item = (id: number, legalId: number, currencyId: number, isDisplay = 1): QuotationItem => ({
  id,
  legal_id: legalId,
  legal_name: `L${legalId}`,
  currency_id: currencyId,
  currency_name: `C${currencyId}`,
  symbol: `C${currencyId}/L${legalId}`,
  now_price: '1',
  change: '0.00',
  volume: '0',
  high: '1',
  low: '1',
  is_display: isDisplay,
  open_coin_trade: 1,
  open_lever: 0,
  open_microtrade: 0,
  lever_share_num: '1',
  lever_trade_fee: '0',
  spread: '0',
  rmb_relation: '0',
  added: false,
  price_decimals: 2,
  amount_decimals: 4,
});
const group = (id: number, quotation: QuotationItem[]): QuotationGroup => ({
  id,
  name: `L${id}`,
  fiat_convert_cny: '1',
  rmb_relation: '1',
  quotation,
});

// Group 1 starts with a hidden market; group 2 holds a market the first group does not.
const groups = [
  group(1, [item(10, 1, 2, 0), item(11, 1, 3), item(12, 1, 4)]),
  group(2, [item(20, 2, 3), item(21, 2, 5, 0)]),
];
const none = { legalId: null, currencyId: null };

describe('the deal centre market choice', () => {
  it('parses ids and tab indexes strictly', () => {
    expect(parseId('3')).toBe(3);
    expect(parseId(' 7 ')).toBe(7);
    for (const bad of ['', ' ', '0', '-1', '1.5', 'abc', '1e3', null, undefined])
      expect(parseId(bad)).toBe(undefined);
    expect(parseIndex('0')).toBe(0);
    expect(parseIndex('2')).toBe(2);
    for (const bad of ['', '-1', 'x', null]) expect(parseIndex(bad)).toBe(undefined);
  });

  it('opens the market the query names, in whichever group it is', () => {
    const chosen = chooseMarket(groups, { legalId: '2', currencyId: '3' }, { legalId: '1', currencyId: '4' });
    expect(chosen).toEqual({ item: groups[1]!.quotation[0], source: 'query' });
    expect(groupIndexOf(groups, chosen?.item)).toBe(1);
  });

  it('falls back to the stored selection when the query is empty, invalid or unknown', () => {
    const stored = { legalId: '1', currencyId: '4' };
    for (const query of [
      none,
      { legalId: '', currencyId: '' },
      { legalId: '', currencyId: '3' },
      { legalId: 'x', currencyId: '3' },
      { legalId: '9', currencyId: '9' },
      { legalId: '2', currencyId: '5' }, // hidden
    ]) {
      expect(chooseMarket(groups, query, stored)).toEqual({
        item: groups[0]!.quotation[2],
        source: 'stored',
      });
    }
  });

  it('defaults to the first displayed market of the first group, skipping hidden ones', () => {
    expect(chooseMarket(groups, { legalId: '', currencyId: '' }, none)).toEqual({
      item: groups[0]!.quotation[1],
      source: 'default',
    });
    // A stored selection that is now hidden is ignored too.
    expect(chooseMarket(groups, none, { legalId: '1', currencyId: '2' })?.item.id).toBe(11);
    expect(
      chooseMarket([group(1, [item(10, 1, 2, 0)]), group(2, [item(20, 2, 3)])], none, none)?.item.id,
    ).toBe(20);
    expect(chooseMarket([], none, none)).toBe(undefined);
  });

  it('finds only displayed markets and says which group lists one', () => {
    expect(findMarket(groups, 1, 2)).toBe(undefined);
    expect(findMarket(groups, 1, 3)?.id).toBe(11);
    expect(findMarket(groups, undefined, 3)).toBe(undefined);
    expect(groupIndexOf(groups, undefined)).toBe(-1);
    expect(groupIndexOf(groups, item(99, 9, 9))).toBe(-1);
  });
});
