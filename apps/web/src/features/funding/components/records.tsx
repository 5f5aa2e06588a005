import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DepositRow, WithdrawRow } from '@oryx/contracts/funding/calls';
import type { z } from 'zod';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable, type PagedQuery } from '@/shared/ui/paged-table';
import { Amount, Coin } from '@/shared/ui/coin';
import { useDepositLog } from '../api/get-deposit-log';
import { useWithdrawLog } from '../api/get-withdraw-log';
import { Card } from '@/shared/ui/page';
import styles from '../funding.module.css';

type Withdrawal = z.infer<typeof WithdrawRow>;

const TONE: Record<string, string> = { ok: styles.ok ?? '', bad: styles.bad ?? '', wait: styles.wait ?? '' };

function Status({ tone, text, note }: { tone: 'ok' | 'bad' | 'wait'; text: string; note?: string }) {
  const mark = tone === 'ok' ? '✓ ' : tone === 'bad' ? '✕ ' : '';
  return (
    <span className={`${styles.status} ${TONE[tone]}`} title={note || undefined}>
      {mark}
      {text}
    </span>
  );
}

const short = (hash: string) => (hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash || '—');

interface RecordsCardProps<R extends { id: number }> {
  testId: string;
  title: string;
  /** The full list's page, linked from the `compact` card. */
  all: string;
  /** The first five rows only, with a link to the full list. */
  compact: boolean;
  log: PagedQuery<{ data: R[] }>;
  columns: Column<R>[];
}

/** A card of deposit or withdrawal records: its title, the full list's link when compact, the table. */
function RecordsCard<R extends { id: number }>({
  testId,
  title,
  all,
  compact,
  log,
  columns,
}: RecordsCardProps<R>) {
  const { t } = useTranslation('cash');
  const paging = pagedTable(log, (p) => p.data);
  return (
    <Card phone={860} flush data-testid={testId}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {compact && (
          <Link className={styles.link} to={all}>
            {t('records.all')}
          </Link>
        )}
      </div>
      <Table
        {...paging}
        aria-label={title}
        columns={columns}
        rows={compact ? paging.rows?.slice(0, 5) : paging.rows}
        rowKey={(r) => r.id}
        paged={!compact}
        cards
      />
    </Card>
  );
}

/** Deposits (`in_log`): network, amount, confirmations, status; `compact` shows the first page only. */
export function DepositRecords({ currency, compact = false }: { currency?: number; compact?: boolean }) {
  const { t } = useTranslation('cash');
  const log = useDepositLog(currency);
  const status = (r: DepositRow) =>
    r.status === 0 ? (
      <Status
        tone="wait"
        text={t('status.confirming', { n: r.confirmations, of: r.required_confirmations })}
      />
    ) : r.status === 1 || r.status === 4 ? (
      // 4: credited through the operator's deposit claim of the same transaction.
      <Status tone="ok" text={t('status.credited')} />
    ) : (
      <Status tone="bad" text={t(r.status === 2 ? 'status.dropped' : 'status.belowMin')} />
    );
  const columns: Column<DepositRow>[] = [
    {
      key: 'time',
      title: t('table.time'),
      render: (r) => <span className={styles.num}>{r.created_time}</span>,
    },
    { key: 'coin', title: t('table.coin'), render: (r) => <Coin name={r.currency_name} /> },
    { key: 'network', title: t('field.network'), render: (r) => r.network },
    { key: 'amount', title: t('field.amount'), align: 'right', render: (r) => <Amount value={r.amount} /> },
    {
      key: 'tx',
      title: t('table.tx'),
      render: (r) => <code className={styles.hash}>{short(r.tx_hash)}</code>,
    },
    { key: 'status', title: t('table.status'), align: 'right', render: status },
  ];
  return (
    <RecordsCard
      testId="deposit-records"
      title={t('records.deposits')}
      all={`/coinRecord?view=deposit&currency=${currency ?? ''}`}
      compact={compact}
      log={log}
      columns={columns}
    />
  );
}

/** Withdrawals (`out_log`): amount, fee, received, address, status (2 success tick, 3 failed cross). */
export function WithdrawRecords({ currency, compact = false }: { currency?: number; compact?: boolean }) {
  const { t } = useTranslation('cash');
  const log = useWithdrawLog(currency);
  const status = (r: Withdrawal) =>
    r.status === 2 ? (
      <Status tone="ok" text={t('status.success')} />
    ) : r.status === 3 ? (
      <Status tone="bad" text={t('status.failed')} note={r.notes} />
    ) : (
      <Status tone="wait" text={t(r.status === 0 ? 'status.review' : 'status.sending')} />
    );
  const columns: Column<Withdrawal>[] = [
    {
      key: 'time',
      title: t('table.time'),
      render: (r) => <span className={styles.num}>{r.create_time}</span>,
    },
    { key: 'coin', title: t('table.coin'), render: (r) => <Coin name={r.currency_name} /> },
    { key: 'amount', title: t('field.amount'), align: 'right', render: (r) => <Amount value={r.number} /> },
    { key: 'fee', title: t('field.fee'), align: 'right', render: (r) => <Amount value={r.fee} /> },
    {
      key: 'received',
      title: t('field.received'),
      align: 'right',
      render: (r) => <Amount value={r.real_number} />,
    },
    {
      key: 'address',
      title: t('field.address'),
      render: (r) => (
        <code className={styles.hash} title={r.address}>
          {r.network} {short(r.address)}
        </code>
      ),
    },
    { key: 'status', title: t('table.status'), align: 'right', render: status },
  ];
  return (
    <RecordsCard
      testId="withdraw-records"
      title={t('records.withdrawals')}
      all={`/coinRecord?view=withdraw&currency=${currency ?? ''}`}
      compact={compact}
      log={log}
      columns={columns}
    />
  );
}
