import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/shared/ui/input';
import { Table } from '@/shared/ui/table';
import { useOutbox } from './api/operations';
import { formatTime } from './format';
import styles from './console.module.css';

/** /console/outbox: the SMS and e-mail the sandbox adapters delivered (labelled: nothing left Oryx). */
export default function OutboxPage() {
  const { t } = useTranslation('console');
  const [destination, setDestination] = useState('');
  const outbox = useOutbox(destination.trim());
  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t('outbox.title')}</h1>
      <p className={styles.sandbox}>{t('outbox.sandbox')}</p>
      <div className={styles.row} style={{ margin: '12px 0', maxWidth: 560 }}>
        <Input
          aria-label={t('outbox.destination')}
          placeholder={t('outbox.destination')}
          value={destination}
          maxLength={120}
          onChange={(e) => setDestination(e.target.value)}
        />
      </div>
      <Table
        cards
        rows={outbox.data?.list}
        loading={outbox.isPending}
        error={outbox.error}
        rowKey={(m) => m.id}
        columns={[
          { key: 'created_at', title: t('col.time'), render: (m) => formatTime(m.created_at) },
          { key: 'channel', title: t('outbox.channel'), render: (m) => t(`outbox.${m.channel}`) },
          { key: 'destination', title: t('outbox.destination') },
          { key: 'scene', title: t('outbox.scene') },
          {
            key: 'code',
            title: t('outbox.code'),
            render: (m) => <span className={styles.mono}>{m.code || '–'}</span>,
          },
          {
            key: 'body',
            title: t('outbox.body'),
            render: (m) => <span className={styles.muted}>{m.subject || m.body}</span>,
          },
        ]}
      />
    </section>
  );
}
