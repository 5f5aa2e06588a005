import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useClaims, useDecideClaim } from './api/operations';
import { formatTime } from './format';
import { useConsoleRole } from './role';
import styles from './console.module.css';

/** /console/claims: manual deposit claims; confirm credits the user (four-eyes above the amount). */
export default function ClaimsPage() {
  const { t } = useTranslation('console');
  const claims = useClaims();
  const decide = useDecideClaim();
  const may = useConsoleRole();
  const act = (id: number, approve: 0 | 1) =>
    decide.mutate(
      { id, approve },
      {
        onSuccess: (c) =>
          toast.success(
            c.status === 0 ? t('fourEyes.requested') : t(approve ? 'claims.confirmed' : 'claims.rejected'),
          ),
      },
    );
  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t('claims.title')}</h1>
      <p className={styles.muted}>{t('fourEyes.hint')}</p>
      <div style={{ marginTop: 12 }}>
        <Table
          cards
          rows={claims.data}
          loading={claims.isPending}
          error={claims.error}
          rowKey={(c) => c.id}
          emptyText={t('claims.empty')}
          columns={[
            { key: 'id', title: 'ID' },
            { key: 'user_id', title: t('col.user'), render: (c) => `#${c.user_id}` },
            {
              key: 'amount',
              title: t('col.amount'),
              align: 'right',
              render: (c) => `${c.amount} ${c.currency_name}`,
            },
            { key: 'account', title: t('claims.from') },
            { key: 'created_at', title: t('col.time'), render: (c) => formatTime(c.created_at) },
            {
              key: 'status',
              title: t('col.status'),
              render: (c) => (
                <span className={c.status === 0 ? styles.warn : c.status === 1 ? styles.ok : styles.tag}>
                  {t(`claims.status${c.status as 0 | 1 | 2}`)}
                </span>
              ),
            },
            {
              key: 'x',
              title: '',
              render: (c) =>
                may.act && c.status === 0 ? (
                  <span className={styles.actions}>
                    <Button size="sm" variant="up" onClick={() => act(c.id, 1)}>
                      {t('action.confirm')}
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => act(c.id, 0)}>
                      {t('action.reject')}
                    </Button>
                  </span>
                ) : null,
            },
          ]}
        />
      </div>
    </section>
  );
}
