import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NEWS_CATEGORIES, noticeDetailPath, useNewsList } from '@/shared/news/get-news-list';
import { Dropdown } from '@/shared/ui/dropdown';
import { ChevronRightIcon, MailIcon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import styles from './layout.module.css';

/** The notice hover list shows at most 5 titles. */
const NOTICES_MAX = 5;

export function NoticeMenu() {
  const { t } = useTranslation();
  const notices = useNewsList(NEWS_CATEGORIES.headerNotices);
  const list = notices.data?.list.slice(0, NOTICES_MAX) ?? [];
  return (
    <Dropdown label={t('notices.title')} trigger={<MailIcon />} panelClassName={styles.noticePanel}>
      {(close) => (
        <>
          <div className={styles.panelTitle}>{t('notices.title')}</div>
          {notices.isPending ? (
            <div className={styles.panelState}>
              <Spinner size={16} />
            </div>
          ) : list.length === 0 ? (
            <div className={styles.panelState}>{t('notices.empty')}</div>
          ) : (
            <ul className={styles.menuList}>
              {list.map((n) => (
                <li key={n.id}>
                  <Link className={styles.noticeItem} to={noticeDetailPath(n.id)} onClick={close}>
                    <span className={styles.noticeTitle}>{n.title}</span>
                    <span className={styles.noticeDate}>{n.update_time}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link className={styles.panelFooterLink} to="/noticeList" onClick={close}>
            {t('notices.seeAll')}
            <ChevronRightIcon />
          </Link>
        </>
      )}
    </Dropdown>
  );
}
