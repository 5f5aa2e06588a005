import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../c2c.module.css';

const two = (n: number) => String(n).padStart(2, '0');

/** h:mm:ss from milliseconds (never negative). */
export function formatLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/** The time left before an unpaid deal cancels itself, ticking every second; `onEnd` once it is over. */
export function TimeLeft({ until, onEnd }: { until: number; onEnd: () => void }) {
  const { t } = useTranslation('c2c');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = until - now;
  useEffect(() => {
    if (left <= 0) onEnd();
  }, [left <= 0]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <p className={styles.timeLeft} data-testid="c2c-time-left">
      {t('detail.timeLeft')} <strong className="num">{formatLeft(left)}</strong>
    </p>
  );
}
