/** The exchange's timezone (Asia/Shanghai, UTC+8, no daylight saving). */
export const EXCHANGE_TZ_OFFSET_MS = 8 * 3600_000;

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai, the format the clients of this API family display. */
export function formatExchangeTime(ms: number): string {
  const d = new Date(ms + EXCHANGE_TZ_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
