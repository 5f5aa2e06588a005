import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useDeleteNews, useNewsAdmin } from './api/operations';
import { Pager } from './pager';
import { useConsoleRole } from './role';
import styles from './console.module.css';

/** /console/news: every language version of every article; open it on the site, or delete it. */
export default function NewsPage() {
  const { t } = useTranslation('console');
  const [page, setPage] = useState(1);
  const news = useNewsAdmin(page);
  const del = useDeleteNews();
  const may = useConsoleRole();
  const onDelete = async (id: number, title: string) => {
    if (!(await confirm({ message: t('news.confirmDelete', { title }), danger: true }))) return;
    del.mutate({ id, all_languages: 0 }, { onSuccess: () => toast.success(t('news.deleted')) });
  };
  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t('news.title')}</h1>
      <p className={styles.muted}>{t('news.hint')}</p>
      <div style={{ marginTop: 12 }}>
        <Table
          cards
          rows={news.data?.data}
          loading={news.isPending}
          error={news.error}
          rowKey={(n) => n.id}
          columns={[
            { key: 'id', title: 'ID' },
            { key: 'lang', title: t('news.lang') },
            {
              key: 'title',
              title: t('news.articleTitle'),
              render: (n) => <Link to={`/noticeDetail?id=${n.id}`}>{n.title}</Link>,
            },
            { key: 'update_time', title: t('col.time') },
            {
              key: 'x',
              title: '',
              render: (n) =>
                may.act ? (
                  <Button size="sm" variant="danger" onClick={() => void onDelete(n.id, n.title)}>
                    {t('action.delete')}
                  </Button>
                ) : null,
            },
          ]}
        />
        <Pager page={page} total={news.data?.total ?? 0} size={20} onPage={setPage} />
      </div>
    </section>
  );
}
