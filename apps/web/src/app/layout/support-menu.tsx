import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Dropdown } from '@/shared/ui/dropdown';
import { BookIcon, HeadsetIcon, MailIcon } from '@/shared/ui/icons';
import { SUPPORT_EMAIL } from '../config';
import styles from './layout.module.css';

/** Customer-service links: e-mail (when the deployment set one) and the help centre's articles. */
export function SupportMenu() {
  const { t } = useTranslation();
  return (
    <Dropdown label={t('support.title')} trigger={<HeadsetIcon />}>
      {(close) => (
        <>
          <div className={styles.panelTitle}>{t('support.title')}</div>
          <ul className={styles.menuList}>
            {SUPPORT_EMAIL && (
              <li>
                <a className={styles.menuItem} href={`mailto:${SUPPORT_EMAIL}`} onClick={close}>
                  <MailIcon size={16} />
                  {t('support.email')}
                </a>
              </li>
            )}
            <li>
              <Link className={styles.menuItem} to="/noticeList" onClick={close}>
                <BookIcon size={16} />
                {t('support.helpCentre')}
              </Link>
            </li>
          </ul>
        </>
      )}
    </Dropdown>
  );
}
