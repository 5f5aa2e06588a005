import { describe, expect, it } from 'vitest';
import { formatTime, TIME_ZONE_LABEL } from './time';

describe('formatTime', () => {
  it('shows instants in UTC+8 whatever the browser’s zone, from milliseconds or seconds', () => {
    const ms = Date.UTC(2026, 0, 6, 23, 30, 5);
    expect(formatTime(ms)).toBe('2026-01-07 07:30:05');
    expect(formatTime(ms / 1000, 's')).toBe('2026-01-07 07:30:05');
    expect(TIME_ZONE_LABEL).toBe('UTC+8');
  });

  it('shows nothing (or the placeholder) for a time not set', () => {
    expect(formatTime(0, 's')).toBe('');
    expect(formatTime(null, 'ms', '–')).toBe('–');
  });
});
