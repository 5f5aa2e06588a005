/** Query keys of the C2C pages; every change of an ad or a deal refreshes everything under `all`. */
export const c2cKeys = {
  all: ['c2c'] as const,
  currencies: ['c2c', 'currencies'] as const,
  platform: (type: string, currencyId: number) => ['c2c', 'platform', type, currencyId] as const,
  myAds: (type: string, currencyId: number) => ['c2c', 'my-ads', type, currencyId] as const,
  myDeals: ['c2c', 'my-deals'] as const,
  adDeals: (adId: number) => ['c2c', 'ad-deals', adId] as const,
  deal: (id: number) => ['c2c', 'deal', id] as const,
  records: (currencyId: number, type: string) => ['c2c', 'records', currencyId, type] as const,
};
