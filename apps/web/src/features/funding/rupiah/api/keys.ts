/** Every rupiah-channel query lives under this key. */
export const RUPIAH = ['funding', 'rupiah'] as const;
