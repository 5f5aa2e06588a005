import { formatTime } from '@/shared/lib/time';

/** Unix seconds (or ms) as `YYYY-MM-DD HH:mm:ss` in the app's one zone (UTC+8); '' for 0 (not set yet). */
export function timeText(value: number, unit: 's' | 'ms' = 's'): string {
  return formatTime(value, unit);
}
