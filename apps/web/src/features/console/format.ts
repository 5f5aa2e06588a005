/** Times in the console: the operator's local time, to the second (YYYY-MM-DD HH:mm:ss). */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
