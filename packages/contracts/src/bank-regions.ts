/**
 * Bank lists by country for the bank-binding form: the banks of the user's country (ISO 3166 code),
 * with "other" (the user types the bank's name) always offered after them. Indonesia's list is the
 * bundled BANKS (also the banks Rupiah deposits accept); the other countries' codes carry their country
 * as a prefix so no two lists share a code. A country without a list gets Indonesia's, as before.
 */
import { BANKS } from './banks';

export interface ListedBank {
  code: string;
  name: string;
}

const list = (iso: string, banks: [string, string][]): ListedBank[] =>
  banks.map(([code, name]) => ({ code: `${iso}_${code}`, name }));

export const REGIONAL_BANKS: Readonly<Record<string, readonly ListedBank[]>> = {
  ID: BANKS.map((b) => ({ code: b.code, name: b.name })),
  CN: list('CN', [
    ['ICBC', 'Industrial and Commercial Bank of China (ICBC)'],
    ['CCB', 'China Construction Bank (CCB)'],
    ['ABC', 'Agricultural Bank of China (ABC)'],
    ['BOC', 'Bank of China (BOC)'],
    ['BOCOM', 'Bank of Communications'],
    ['CMB', 'China Merchants Bank (CMB)'],
    ['PSBC', 'Postal Savings Bank of China (PSBC)'],
    ['CITIC', 'China CITIC Bank'],
    ['SPDB', 'Shanghai Pudong Development Bank (SPDB)'],
    ['CIB', 'Industrial Bank (CIB)'],
  ]),
  HK: list('HK', [
    ['HSBC', 'HSBC Hong Kong'],
    ['HANGSENG', 'Hang Seng Bank'],
    ['BOCHK', 'Bank of China (Hong Kong)'],
    ['SCB', 'Standard Chartered Hong Kong'],
    ['DBS', 'DBS Bank (Hong Kong)'],
    ['BEA', 'The Bank of East Asia'],
    ['CITI', 'Citibank (Hong Kong)'],
  ]),
  JP: list('JP', [
    ['MUFG', 'MUFG Bank'],
    ['SMBC', 'Sumitomo Mitsui Banking Corporation (SMBC)'],
    ['MIZUHO', 'Mizuho Bank'],
    ['RESONA', 'Resona Bank'],
    ['JPBANK', 'Japan Post Bank'],
    ['RAKUTEN', 'Rakuten Bank'],
  ]),
  KR: list('KR', [
    ['KB', 'KB Kookmin Bank'],
    ['SHINHAN', 'Shinhan Bank'],
    ['WOORI', 'Woori Bank'],
    ['HANA', 'Hana Bank'],
    ['NH', 'NH NongHyup Bank'],
    ['IBK', 'Industrial Bank of Korea (IBK)'],
    ['KAKAO', 'KakaoBank'],
    ['TOSS', 'Toss Bank'],
  ]),
  TH: list('TH', [
    ['BBL', 'Bangkok Bank'],
    ['KBANK', 'Kasikornbank (KBank)'],
    ['SCB', 'Siam Commercial Bank (SCB)'],
    ['KTB', 'Krungthai Bank'],
    ['BAY', 'Krungsri (Bank of Ayudhya)'],
    ['TTB', 'TMBThanachart Bank (ttb)'],
  ]),
  US: list('US', [
    ['CHASE', 'JPMorgan Chase Bank'],
    ['BOFA', 'Bank of America'],
    ['WELLS', 'Wells Fargo Bank'],
    ['CITI', 'Citibank'],
    ['USBANK', 'U.S. Bank'],
    ['CAPONE', 'Capital One'],
  ]),
};

/** The country whose list stands in for a country without one. */
export const FALLBACK_BANK_COUNTRY = 'ID';

/** The banks of a country (ISO code, any case); the fallback list for an unknown or missing one. */
export function banksOfCountry(iso: string | null | undefined): readonly ListedBank[] {
  return REGIONAL_BANKS[(iso ?? '').toUpperCase()] ?? REGIONAL_BANKS[FALLBACK_BANK_COUNTRY]!;
}

const ALL = Object.values(REGIONAL_BANKS).flat();

/** Whether a code is a listed bank of any country. */
export const isListedBankCode = (code: string): boolean => ALL.some((b) => b.code === code);

/** The name of a listed bank of any country. */
export const listedBankName = (code: string): string | undefined => ALL.find((b) => b.code === code)?.name;
