import type { TFunction } from 'i18next';

/** A pay way's name in the page's language. */
export const wayLabel = (t: TFunction<'c2c'>, way: string) =>
  way === 'bank' || way === 'ali_pay' || way === 'we_chat' ? t(`way.${way}`) : way;

/** A payment window in minutes: '30 min', '24 h'. */
export const windowLabel = (t: TFunction<'c2c'>, minutes: number) =>
  minutes % 60 === 0 ? t('window.hours', { n: minutes / 60 }) : t('window.minutes', { n: minutes });

/** Per-deal limits: '10 – 35 CNY' (fiat money). */
export const limitsLabel = (ad: { limitation: { min: string; max: string }; coin_code: string }) =>
  `${ad.limitation.min} – ${ad.limitation.max} ${ad.coin_code}`;

/** A deal state (`is_sure`) in the page's language. */
export function statusLabel(t: TFunction<'c2c'>, isSure: number): string {
  switch (isSure) {
    case 0:
      return t('status.waiting');
    case 1:
      return t('status.done');
    case 2:
      return t('status.cancelled');
    case 3:
      return t('status.paid');
    case 4:
      return t('status.appeal');
    default:
      return String(isSure);
  }
}

/** The CSS tone of a state: done green, cancelled grey, waiting or paid amber, appeal red. */
export const statusTone = (isSure: number) =>
  isSure === 1 ? 'done' : isSure === 2 ? 'off' : isSure === 4 ? 'alert' : 'open';
