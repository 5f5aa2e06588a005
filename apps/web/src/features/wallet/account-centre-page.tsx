import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { groupDigits, truncateDecimals } from '@/shared/lib/display-decimal';
import { buttonClass } from '@/shared/ui/button';
import { Table, type Column } from '@/shared/ui/table';
import { useAccountCentre } from './api/get-account-centre';
import { Amount, Coin } from '@/shared/ui/coin';
import { Card, Page, PageHeader } from '@/shared/ui/page';
import styles from './wallet.module.css';
import { useValuation } from '@/shared/market/valuation';

type Row = { currency_id: number; token: string; balance: string; lock_balance: string };

/** `/accountCenter` (account area): total assets and the coin / available / frozen table. */
export default function AccountCentrePage() {
  const { t } = useTranslation('wallet');
  const valuation = useValuation();
  const centre = useAccountCentre();
  const m = centre.data;
  const columns: Column<Row>[] = [
    { key: 'coin', title: t('table.coin'), render: (r) => <Coin name={r.token} /> },
    {
      key: 'available',
      title: t('table.available'),
      align: 'right',
      render: (r) => <Amount value={r.balance} />,
    },
    {
      key: 'frozen',
      title: t('table.frozen'),
      align: 'right',
      render: (r) => <Amount value={r.lock_balance} />,
    },
  ];
  return (
    <Page>
      <Card phone={860}>
        <PageHeader
          title={t('centre.title')}
          subtitle={m ? t('centre.account', { account: m.account_number }) : ' '}
          actions={
            <div>
              <div className={styles.totalLabel}>{t('centre.total')}</div>
              <div className={styles.total} data-testid="total-assets">
                {m ? groupDigits(truncateDecimals(m.total_assets, 4)) : '—'}
              </div>
              <div className={styles.cny}>{m ? valuation.total(m.total_assets, m.total_assets_cny) : ''}</div>
            </div>
          }
        />
        <div className={`${styles.actions} ${styles.spacedTop}`}>
          <Link className={buttonClass({ variant: 'primary', size: 'sm' })} to="/finance">
            {t('centre.assets')}
          </Link>
          <Link className={buttonClass({ variant: 'secondary', size: 'sm' })} to="/transfer">
            {t('actions.transfer')}
          </Link>
        </div>
      </Card>
      <Card phone={860} flush>
        <Table
          aria-label={t('centre.title')}
          columns={columns}
          rows={m?.list}
          rowKey={(r) => r.currency_id}
          loading={centre.isPending}
          error={centre.error}
          onRetry={() => void centre.refetch()}
          cards
        />
      </Card>
    </Page>
  );
}
