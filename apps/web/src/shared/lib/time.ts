import { formatExchangeTime } from '@oryx/contracts/time';

/**
 * Every time the web app shows is in the exchange's zone, Asia/Shanghai (UTC+8): the server sends its
 * `YYYY-MM-DD HH:MM:SS` strings in it, and instants (milliseconds, unix seconds) are formatted in it here,
 * so a page never mixes zones. The label says which zone that is (the footer, the console's menu).
 */
export const TIME_ZONE_LABEL = 'UTC+8';

/** Milliseconds (or unix seconds) as `YYYY-MM-DD HH:mm:ss` in UTC+8; `empty` for no time (null, 0). */
export function formatTime(value: number | null | undefined, unit: 's' | 'ms' = 'ms', empty = ''): string {
  if (value === null || value === undefined || value <= 0) return empty;
  return formatExchangeTime(unit === 's' ? value * 1000 : value);
}
