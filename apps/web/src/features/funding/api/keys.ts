/** Every funding query lives under this key; a withdrawal or binding refreshes them and the wallets. */
export const FUNDING = ['funding'] as const;
