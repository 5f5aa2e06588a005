/** Unix seconds (or ms) as local `YYYY-MM-DD HH:mm:ss`; '' for 0 (an update time not set yet). */
export function timeText(value: number, unit: 's' | 'ms' = 's'): string {
  if (value <= 0) return '';
  const d = new Date(unit === 's' ? value * 1000 : value);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
