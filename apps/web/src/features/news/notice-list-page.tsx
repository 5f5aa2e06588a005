import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NEWS_CATEGORIES, noticeDetailPath } from '@/shared/news/get-news-list';
import { Button } from '@/shared/ui/button';
import { ChevronRightIcon, EmptyIcon } from '@/shared/ui/icons';
import { Tabs } from '@/shared/ui/tabs';
import { NOTICE_PAGE_SIZE, useNewsPages } from './api/get-news-page';
import styles from './news.module.css';
import { Skeleton } from '@/shared/ui/skeleton';

/** The help centre's categories, in tab order; `?c_id=` picks one (header notices by default). */
const CATEGORIES = [
  { cId: NEWS_CATEGORIES.headerNotices, label: 'tabNotices' },
  { cId: NEWS_CATEGORIES.announcements, label: 'tabAnnouncements' },
  { cId: NEWS_CATEGORIES.support, label: 'tabSupport' },
  { cId: NEWS_CATEGORIES.about, label: 'tabAbout' },
] as const;

/** `/noticeList`: titles and update times, each linking to its detail, loaded page by page to "no more". */
export default function NoticeListPage() {
  const { t } = useTranslation('news');
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('c_id'));
  const cId = CATEGORIES.find((c) => c.cId === requested)?.cId ?? CATEGORIES[0].cId;
  const pages = useNewsPages(cId);
  const items = pages.data?.pages.flatMap((p) => p.list) ?? [];

  let body;
  if (pages.isPending) {
    body = (
      <ul className={styles.list} aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className={styles.item} aria-hidden="true">
            <Skeleton width={`${70 - i * 6}%`} height={14} />
            <Skeleton width={130} height={14} />
          </li>
        ))}
      </ul>
    );
  } else if (pages.isError && items.length === 0) {
    body = (
      <div className={styles.state} role="alert">
        <span>{tc('state.error')}</span>
        <Button size="sm" variant="secondary" onClick={() => void pages.refetch()}>
          {tc('actions.retry')}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className={styles.state} data-testid="notice-empty">
        <EmptyIcon />
        <span>{tc('state.noData')}</span>
      </div>
    );
  } else {
    body = (
      <>
        <ul className={styles.list} data-testid="notice-list">
          {items.map((n) => (
            <li key={n.id}>
              <Link to={noticeDetailPath(n.id)} className={styles.item}>
                <span className={styles.itemTitle}>{n.title}</span>
                <time className={styles.itemTime}>{n.update_time}</time>
                <ChevronRightIcon className={styles.itemArrow} />
              </Link>
            </li>
          ))}
        </ul>
        <div className={styles.listFooter}>
          {pages.hasNextPage ? (
            <Button
              size="sm"
              variant="secondary"
              loading={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {tc('actions.loadMore')}
            </Button>
          ) : (
            <span className={styles.noMore} data-testid="notice-no-more">
              {tc('state.noMore')}
            </span>
          )}
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.headTitle}>{t('noticeListTitle')}</h1>
        <p className={styles.headText}>{t('noticeListSubtitle')}</p>
      </header>
      <div className={styles.card} data-page-size={NOTICE_PAGE_SIZE}>
        <Tabs
          items={CATEGORIES.map((c) => ({ key: String(c.cId), label: t(c.label) }))}
          value={String(cId)}
          onChange={(key) => setParams({ c_id: key }, { replace: true })}
          aria-label={t('noticeListTitle')}
        />
        {body}
      </div>
    </div>
  );
}
