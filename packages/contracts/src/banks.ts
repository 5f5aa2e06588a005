/**
 * The bank list of the bank-binding form (a fixed list of Indonesian banks), plus "other", for which
 * the user types the bank's name. The default choice is BCA.
 */
export const BANKS = [
  { code: 'BCA', name: 'Bank Central Asia (BCA)' },
  { code: 'BRI', name: 'Bank Rakyat Indonesia (BRI)' },
  { code: 'MANDIRI', name: 'Bank Mandiri' },
  { code: 'BNI', name: 'Bank Negara Indonesia (BNI)' },
  { code: 'CIMB', name: 'CIMB Niaga' },
  { code: 'PERMATA', name: 'Bank Permata' },
  { code: 'BJB', name: 'Bank BJB' },
  { code: 'DANAMON', name: 'Bank Danamon' },
  { code: 'BTN', name: 'Bank Tabungan Negara (BTN)' },
  { code: 'MAYBANK', name: 'Maybank Indonesia' },
  { code: 'SINARMAS', name: 'Bank Sinarmas' },
  { code: 'PANIN', name: 'Panin Bank' },
  { code: 'BNI_SYR', name: 'BNI Syariah' },
  { code: 'MANDIRI_SYR', name: 'Mandiri Syariah' },
  { code: 'DANA', name: 'DANA' },
  { code: 'OVO', name: 'OVO' },
  { code: 'GOPAY', name: 'GoPay' },
  { code: 'SHOPEEPAY', name: 'ShopeePay' },
  { code: 'BRI_SYR', name: 'BRI Syariah' },
] as const;

/** The "other" entry: its display name is translated (`auth:bank.other`), the bank name is typed. */
export const OTHER_BANK_CODE = 'other';
export const DEFAULT_BANK_CODE = 'BCA';
export const BANK_CODES = [...BANKS.map((b) => b.code), OTHER_BANK_CODE] as const;

export const bankName = (code: string): string | undefined => BANKS.find((b) => b.code === code)?.name;
