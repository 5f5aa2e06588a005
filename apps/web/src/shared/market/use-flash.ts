import { useEffect, useRef, useState } from 'react';
import { compareDecimal } from '../lib/display-decimal';

/** Flash duration; the cell keeps its size, only its background changes. */
const FLASH_MS = 900;

/** 'up' or 'down' for a moment after `value` (a decimal string) changes, then null. */
export function useFlash(value: string): 'up' | 'down' | null {
  const previous = useRef(value);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (previous.current === value) return;
    const direction = compareDecimal(value, previous.current) >= 0 ? 'up' : 'down';
    previous.current = value;
    setFlash(direction);
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return flash;
}
