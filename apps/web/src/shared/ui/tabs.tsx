import type { KeyboardEvent, ReactNode } from 'react';
import styles from './ui.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** `pill` for compact switches (buy/sell, intervals); `line` for section tabs. */
  variant?: 'line' | 'pill';
  /** Wrap onto a second row when the items do not fit (narrow screens) instead of scrolling sideways. */
  wrap?: boolean;
  'aria-label'?: string;
}

export function Tabs<K extends string>({
  items,
  value,
  onChange,
  variant = 'line',
  wrap = false,
  ...aria
}: TabsProps<K>) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const index = items.findIndex((i) => i.key === value);
    const next = items[(index + (e.key === 'ArrowRight' ? 1 : items.length - 1)) % items.length];
    if (next) onChange(next.key);
  };
  return (
    <div
      className={`${styles.tabs} ${styles[`tabs_${variant}`]} ${wrap ? styles.tabs_wrap : ''}`}
      role="tablist"
      onKeyDown={onKeyDown}
      {...aria}
    >
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === value}
          tabIndex={item.key === value ? 0 : -1}
          className={`${styles.tab} ${item.key === value ? styles.tab_active : ''}`}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
