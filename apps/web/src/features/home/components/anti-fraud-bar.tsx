import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BellIcon, ChevronRightIcon } from '@/shared/ui/icons';
import styles from '../home.module.css';

/**
 * The scrolling anti-fraud notice. The text runs twice in a row so the loop has no gap; the copy is
 * hidden from screen readers, which read the message once. It stops for reduced-motion users and on hover.
 */
export function AntiFraudBar() {
  const { t } = useTranslation('home');
  const text = t('antiFraud');
  return (
    <div className={styles.noticeBar} role="note" aria-label={t('antiFraudLabel')} data-testid="anti-fraud">
      <span className={styles.noticeIcon}>
        <BellIcon size={16} />
      </span>
      <div className={styles.marquee}>
        <div className={styles.marqueeTrack}>
          <span className={styles.marqueeText}>{text}</span>
          <span className={styles.marqueeText} aria-hidden="true">
            {text}
          </span>
        </div>
      </div>
      <Link to="/noticeList" className={styles.noticeMore}>
        {t('more')}
        <ChevronRightIcon />
      </Link>
    </div>
  );
}
