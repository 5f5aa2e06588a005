/** Every coin-exchange query lives under this key. */
export const EXCHANGE = ['exchange'] as const;
