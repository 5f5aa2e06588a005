import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { C2cAdRow } from '@oryx/contracts/p2p/calls';
import { formatDecimal } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useMyAds } from '../api/get-my-ads';
import type { Side } from '../api/paged';
import { useWithdrawAd } from '../api/withdraw-ad';
import styles from '../c2c.module.css';
import { CurrencyTabs } from './currency-tabs';
import { wayLabel } from './labels';
import { useTradePassword } from './trade-password';

export interface AdsShown {
  side: Side;
  currencyId: number;
}

/**
 * My ads of one side and currency: withdraw an open one, see its orders, the completed records. The
 * page may steer which ones are shown (`shown`, e.g. those of the ad just posted).
 */
export function MyAds({ shown, onShow }: { shown?: AdsShown; onShow?: (s: AdsShown) => void }) {
  const { t } = useTranslation('c2c');
  const [own, setOwn] = useState<AdsShown>({ side: 'sell', currencyId: 0 });
  const { side, currencyId } = shown ?? own;
  const show = (next: AdsShown) => (onShow ? onShow(next) : setOwn(next));
  const setSide = (s: Side) => show({ side: s, currencyId });
  const setCurrencyId = (id: number) => show({ side, currencyId: id });
  const ads = useMyAds(side, currencyId);
  const withdraw = useWithdrawAd();
  const { ask, dialog } = useTradePassword();
  const onWithdraw = async (ad: C2cAdRow) => {
    const password = await ask({ title: t('mine.withdrawTitle', { id: ad.id }) });
    if (password === null) return;
    withdraw.mutate({ id: ad.id, password }, { onSuccess: (m) => toast.success(m) });
  };
  const status = (s: number) => t(s === 0 ? 'mine.open' : s === 1 ? 'mine.done' : 'mine.withdrawn');
  const columns: Column<C2cAdRow>[] = [
    {
      key: 'create_time',
      title: t('table.time'),
      render: (r) => <span className="num">{r.create_time}</span>,
    },
    {
      key: 'price',
      title: t('table.price'),
      render: (r) => <span className="num">{`${formatDecimal(r.price, 2)} ${r.coin_code}`}</span>,
    },
    {
      key: 'total_number',
      title: t('table.total'),
      render: (r) => <span className="num">{r.total_number}</span>,
    },
    {
      key: 'surplus_number',
      title: t('table.left'),
      render: (r) => <span className="num">{r.surplus_number}</span>,
    },
    { key: 'way', title: t('table.way'), render: (r) => wayLabel(t, r.way) },
    { key: 'status', title: t('table.status'), render: (r) => status(r.status) },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (r) => (
        <span className={styles.actions}>
          <Link className={styles.link} to={`/c2cTrade?id=${r.id}`}>
            {t('mine.orders')}
          </Link>
          {r.status === 0 && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void onWithdraw(r)}
              data-testid={`c2c-withdraw-${r.id}`}
            >
              {t('mine.withdraw')}
            </Button>
          )}
        </span>
      ),
    },
  ];
  return (
    <section className={styles.card} data-testid="c2c-my-ads">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t('mine.title')}</h2>
        <Tabs
          variant="pill"
          aria-label={t('market.side')}
          items={[
            { key: 'sell', label: t('mine.sell') },
            { key: 'buy', label: t('mine.buy') },
          ]}
          value={side}
          onChange={setSide}
        />
      </div>
      <div className={styles.cardHead}>
        <CurrencyTabs value={currencyId} onChange={setCurrencyId} />
        {currencyId > 0 && (
          <Link className={styles.link} to={`/c2cRecord?id=${currencyId}`}>
            {t('mine.records')}
          </Link>
        )}
      </div>
      <Table
        {...pagedTable(ads, (p) => p.data)}
        cards
        aria-label={t('mine.title')}
        columns={columns}
        rowKey={(r) => r.id}
        loading={ads.isLoading || currencyId === 0}
        emptyText={t('mine.empty')}
      />
      {dialog}
    </section>
  );
}
