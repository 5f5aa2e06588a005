import { useTranslation } from 'react-i18next';
import { NEWS_CATEGORIES, useNewsList } from '@/shared/news/get-news-list';
import { Button } from '@/shared/ui/button';
import { EmptyIcon } from '@/shared/ui/icons';
import { ArticleView } from './components/article-view';
import styles from './news.module.css';

/** `/policy`: the user agreement, the first article of category 10 (linked from registration). */
export default function PolicyPage() {
  const { t } = useTranslation('news');
  const { t: tc } = useTranslation();
  const list = useNewsList(NEWS_CATEGORIES.policy);
  const first = list.data?.list[0];
  if (list.isPending) return <ArticleView id={null} loading back={<span>{t('policyTitle')}</span>} />;
  if (!first) {
    return (
      <div className={styles.page}>
        <div className={styles.card}>
          <div className={styles.state} role="alert">
            <EmptyIcon />
            <span>{list.isError ? tc('state.error') : tc('state.noData')}</span>
            {list.isError && (
              <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
                {tc('actions.retry')}
              </Button>
            )}
          </div>
        </div>
      </div>
    );
  }
  return <ArticleView id={first.id} back={<span>{t('policyTitle')}</span>} />;
}
