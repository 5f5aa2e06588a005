import { useTranslation } from 'react-i18next';
import { formatExchangeTime } from '@oryx/contracts/time';
import type { LoginRow } from '@oryx/contracts/security/calls';
import { Table, type Column } from '@/shared/ui/table';
import { useLoginHistory } from '../api/get-login-history';
import page from '../account.module.css';

/** The last 20 logins: time, address, device, state (cards at phone width). */
export function HistoryCard() {
  const { t } = useTranslation('security');
  const history = useLoginHistory();
  const columns: Column<LoginRow>[] = [
    { key: 'time', title: t('history.time'), render: (r) => formatExchangeTime(r.created_at) },
    { key: 'ip', title: t('history.address'), render: (r) => r.ip || '—' },
    { key: 'device', title: t('history.device'), render: (r) => r.device || '—' },
    { key: 'state', title: t('history.state'), render: (r) => t(`history.${r.state}`), align: 'right' },
  ];
  return (
    <section className={page.card} data-testid="login-history">
      <h2 className={page.sectionTitle}>{t('history.title')}</h2>
      <Table
        cards
        columns={columns}
        rows={history.data}
        rowKey={(r, i) => `${r.created_at}-${i}`}
        loading={history.isPending}
        error={history.error}
        onRetry={() => void history.refetch()}
        emptyText={t('history.empty')}
        aria-label={t('history.title')}
      />
    </section>
  );
}
