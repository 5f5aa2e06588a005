import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NEWS_CATEGORIES, noticeDetailPath, useNewsList } from '@/shared/news/get-news-list';
import { ChevronRightIcon } from '@/shared/ui/icons';
import styles from '../home.module.css';
import { Skeleton } from '@/shared/ui/skeleton';

const ANNOUNCEMENTS_MAX = 3;

/** The latest announcements (news category 4), each linking to its detail. */
export function Announcements() {
  const { t } = useTranslation('home');
  const news = useNewsList(NEWS_CATEGORIES.announcements);
  const list = news.data?.list.slice(0, ANNOUNCEMENTS_MAX) ?? [];
  if (!news.isPending && list.length === 0) return null;
  return (
    <section className={styles.announcements} aria-labelledby="home-announcements">
      <div className={styles.sectionHead}>
        <h2 id="home-announcements" className={styles.sectionTitle}>
          {t('announcements')}
        </h2>
        <Link to="/noticeList?c_id=4" className={styles.sectionLink}>
          {t('more')}
          <ChevronRightIcon />
        </Link>
      </div>
      <ul className={styles.announcementList}>
        {news.isPending
          ? Array.from({ length: ANNOUNCEMENTS_MAX }, (_, i) => (
              <li key={i} className={styles.announcement} aria-hidden="true">
                <Skeleton width="80%" />
                <Skeleton width="40%" />
              </li>
            ))
          : list.map((a) => (
              <li key={a.id}>
                <Link to={noticeDetailPath(a.id)} className={styles.announcement}>
                  <span className={styles.announcementTitle}>{a.title}</span>
                  <span className={styles.announcementAbstract}>{a.abstract}</span>
                  <time className={styles.announcementDate}>{a.update_time.slice(0, 10)}</time>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
