import { formatTime as formatAppTime } from '@/shared/lib/time';

/** Times in the console: the app's one zone (UTC+8, labelled in the menu), to the second. */
export function formatTime(ms: number | null | undefined): string {
  return formatAppTime(ms, 'ms', '–');
}
