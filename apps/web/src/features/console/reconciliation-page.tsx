import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Table } from '@/shared/ui/table';
import { useEvmReconciliation } from './api/operations';
import { formatTime } from './format';
import { QueuePage } from './queue-page';
import { TermsTable } from './terms-table';
import styles from './console.module.css';

type SweepTab = 'open' | 'done' | 'failed';
const OPEN_STATES = ['new', 'topup', 'transfer'];
const STATES = ['new', 'topup', 'transfer', 'done', 'failed'] as const;
type SweepState = (typeof STATES)[number];
const isState = (s: string): s is SweepState => (STATES as readonly string[]).includes(s);

/** The latest reconciliation of each currency, flagged beyond its tolerance. */
function ReconciliationTable({ view }: { view: ReturnType<typeof useEvmReconciliation> }) {
  const { t } = useTranslation('console');
  return (
    <TermsTable
      title={t('reconciliation.title')}
      hint={t('reconciliation.hint', { address: view.data?.hot_address || '—' })}
      rows={view.data?.list}
      loading={view.isPending}
      error={view.error}
      rowKey={(r) => r.currency}
      emptyText={t('reconciliation.empty')}
      columns={[
        { key: 'currency_name', title: t('col.currency') },
        { key: 'onchain', title: t('reconciliation.onchain'), align: 'right' },
        { key: 'ledger', title: t('reconciliation.ledger'), align: 'right' },
        { key: 'difference', title: t('reconciliation.difference'), align: 'right' },
        { key: 'tolerance', title: t('reconciliation.tolerance'), align: 'right' },
        {
          key: 'is_flagged',
          title: t('col.status'),
          render: (r) => (
            <span className={r.is_flagged ? styles.tag : styles.ok}>
              {r.is_flagged ? t('reconciliation.flagged') : t('reconciliation.matched')}
            </span>
          ),
        },
        { key: 'at', title: t('col.time'), render: (r) => formatTime(r.at) },
      ]}
    />
  );
}

/** The latest sweeps of deposit addresses, by state. */
function SweepsQueue({ view }: { view: ReturnType<typeof useEvmReconciliation> }) {
  const { t } = useTranslation('console');
  const [tab, setTab] = useState<SweepTab>('open');
  const native = view.data?.native_currency_name ?? '';
  const sweeps = (view.data?.sweeps ?? []).filter((s) =>
    tab === 'open' ? OPEN_STATES.includes(s.state) : s.state === tab,
  );
  return (
    <QueuePage
      title={t('reconciliation.sweeps')}
      hints={[t('reconciliation.sweepsHint')]}
      statuses={(['open', 'done', 'failed'] as const).map((key) => ({
        key,
        label: t(`reconciliation.${key}`),
      }))}
      status={tab}
      onStatus={setTab}
    >
      <Table
        cards
        rows={sweeps}
        loading={view.isPending}
        error={view.error}
        rowKey={(s) => s.id}
        emptyText={t('reconciliation.noSweeps')}
        columns={[
          { key: 'id', title: 'ID' },
          {
            key: 'address',
            title: t('reconciliation.address'),
            render: (s) => (
              <span className={styles.mono} title={s.address}>
                {s.address.slice(0, 12)}…
              </span>
            ),
          },
          {
            key: 'amount',
            title: t('col.amount'),
            align: 'right',
            render: (s) => `${s.amount} ${s.currency_name}`,
          },
          { key: 'gas', title: t('reconciliation.gas'), align: 'right', render: (s) => `${s.gas} ${native}` },
          {
            key: 'state',
            title: t('col.status'),
            render: (s) => (isState(s.state) ? t(`reconciliation.state.${s.state}`) : s.state),
          },
          {
            key: 'last_error',
            title: t('reconciliation.lastError'),
            render: (s) => (s.last_error ? `${s.last_error} (${s.attempts})` : '—'),
          },
          { key: 'updated_at', title: t('col.time'), render: (s) => formatTime(s.updated_at) },
        ]}
      />
    </QueuePage>
  );
}

/**
 * /console/reconciliation: the EVM hot wallet. The latest hourly reconciliation per currency (its balance
 * on the chain against what the ledger says it holds; a difference beyond the tolerance is flagged and
 * told to operators), then the latest sweeps of deposit addresses into it. Read only.
 */
export default function ReconciliationPage() {
  const view = useEvmReconciliation();
  return (
    <>
      <ReconciliationTable view={view} />
      <SweepsQueue view={view} />
    </>
  );
}
