import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '@/shared/api/errors';
import { Button } from '@/shared/ui/button';
import { ChevronRightIcon, EmptyIcon } from '@/shared/ui/icons';
import { useNewsDetail } from '../api/get-news-detail';
import { ArticleHtml } from './article-html';
import styles from '../news.module.css';
import { Skeleton } from '@/shared/ui/skeleton';

/** One article: title, update time, cover (banners) and the sanitized content, with its loading and error states. */
export function ArticleView({
  id,
  back,
  loading = false,
}: {
  id: number | null;
  back?: ReactNode;
  loading?: boolean;
}) {
  const { t } = useTranslation('news');
  const { t: tc } = useTranslation();
  const detail = useNewsDetail(id);

  let body: ReactNode;
  if (!loading && (id === null || id <= 0)) {
    body = <ArticleState text={t('missingId')} />;
  } else if (loading || detail.isPending) {
    body = (
      <div aria-busy="true" data-testid="article-skeleton">
        <Skeleton width="60%" height={28} />
        <Skeleton width="30%" height={14} style={{ marginTop: 14 }} />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} width={`${90 - i * 7}%`} height={14} style={{ marginTop: 18 }} />
        ))}
      </div>
    );
  } else if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.code === 'NOT_FOUND';
    body = (
      <ArticleState
        text={missing ? t('notFound') : tc('state.error')}
        action={
          missing ? undefined : (
            <Button size="sm" variant="secondary" onClick={() => void detail.refetch()}>
              {tc('actions.retry')}
            </Button>
          )
        }
      />
    );
  } else {
    const a = detail.data;
    body = (
      <article>
        <h1 className={styles.articleTitle}>{a.title}</h1>
        <p className={styles.articleMeta}>
          <time>{t('updated', { time: a.update_time })}</time>
        </p>
        {a.cover && <img className={styles.articleCover} src={a.cover} alt="" />}
        <ArticleHtml html={a.content} />
      </article>
    );
  }

  return (
    <div className={styles.page}>
      <nav className={styles.crumbs} aria-label={t('back')}>
        {back ?? (
          <Link to="/noticeList">
            {t('noticeListTitle')}
            <ChevronRightIcon />
          </Link>
        )}
      </nav>
      <div className={styles.card}>{body}</div>
    </div>
  );
}

function ArticleState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className={styles.state} role="alert">
      <EmptyIcon />
      <span>{text}</span>
      {action}
    </div>
  );
}
