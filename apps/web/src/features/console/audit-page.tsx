import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/shared/ui/input';
import { Table } from '@/shared/ui/table';
import { useAudit } from './api/audit';
import { formatTime } from './format';
import { Pager } from './pager';
import styles from './console.module.css';

/** /console/audit: every changing operator call, who, when, from where, and the values before and after. */
export default function AuditPage() {
  const { t } = useTranslation('console');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const audit = useAudit(filter.trim(), page);
  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t('audit.title')}</h1>
      <p className={styles.muted}>{t('audit.hint')}</p>
      <div className={styles.row} style={{ margin: '12px 0', maxWidth: 560 }}>
        <Input
          aria-label={t('audit.filter')}
          placeholder={t('audit.filter')}
          value={filter}
          maxLength={100}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <Table
        cards
        aria-label={t('audit.title')}
        rows={audit.data?.data}
        loading={audit.isPending}
        error={audit.error}
        rowKey={(a) => a.id}
        emptyText={t('audit.empty')}
        columns={[
          { key: 'at', title: t('col.time'), render: (a) => formatTime(a.at) },
          {
            key: 'actor',
            title: t('audit.actor'),
            render: (a) => `${a.actor} (${t(`role.${a.actor_role as 'user'}`)})`,
          },
          { key: 'ip', title: t('col.ip') },
          {
            key: 'call',
            title: t('audit.call'),
            render: (a) => <span className={styles.mono}>{a.call}</span>,
          },
          {
            key: 'outcome',
            title: t('col.status'),
            render: (a) => <span className={a.outcome === 'ok' ? styles.ok : styles.bad}>{a.outcome}</span>,
          },
          {
            key: 'change',
            title: t('audit.change'),
            render: (a) => (
              <span className={styles.mono}>
                {a.subject && `${a.subject} ${a.subject_id}: `}
                {a.before !== null && `${a.before} → `}
                {a.after ?? a.input}
              </span>
            ),
          },
          {
            key: 'result',
            title: t('audit.result'),
            render: (a) => <span className={styles.mono}>{a.result ?? ''}</span>,
          },
        ]}
      />
      <Pager page={page} total={audit.data?.total ?? 0} size={30} onPage={setPage} />
    </section>
  );
}
