/** Digits of a saved account number left visible on screen. */
export const ACCOUNT_VISIBLE_DIGITS = 4;

/**
 * A bank account number for display: only its last 4 characters, the rest as four dots (the length is
 * not given away either). A number of 4 characters or fewer shows nothing of itself.
 */
export function maskAccount(account: string): string {
  const compact = account.replace(/\s+/g, '');
  if (compact === '') return '';
  const tail = compact.length > ACCOUNT_VISIBLE_DIGITS ? compact.slice(-ACCOUNT_VISIBLE_DIGITS) : '';
  return tail ? `•••• ${tail}` : '••••';
}
