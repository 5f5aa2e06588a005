import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { C2cAdRow } from '@oryx/contracts/p2p/calls';
import { formatDecimal } from '@/shared/lib/display-decimal';
import { loginPath } from '@/shared/lib/login-redirect';
import { useIsLoggedIn } from '@/shared/session/session';
import { Button } from '@/shared/ui/button';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { Tabs } from '@/shared/ui/tabs';
import { usePlatformAds } from './api/get-platform-ads';
import type { Side } from './api/paged';
import { C2cNav } from './components/c2c-nav';
import { CurrencyTabs } from './components/currency-tabs';
import { limitsLabel, wayLabel } from './components/labels';
import { TakeDialog } from './components/take-dialog';
import styles from './c2c.module.css';

/**
 * /c2c: the C2C market. "Buy" lists the sell ads (the user buys from them), "Sell" the buy ads; one
 * currency at a time, 10 ads a page with load-more. Taking opens the take dialog.
 */
export default function C2cPage() {
  const { t } = useTranslation('c2c');
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [want, setWant] = useState<Side>('buy');
  const [currencyId, setCurrencyId] = useState(0);
  const [taking, setTaking] = useState<C2cAdRow | null>(null);
  const adType: Side = want === 'buy' ? 'sell' : 'buy';
  const ads = usePlatformAds(adType, currencyId);
  const onTake = (ad: C2cAdRow) => (loggedIn ? setTaking(ad) : navigate(loginPath('/c2c')));
  const columns: Column<C2cAdRow>[] = [
    { key: 'seller_name', title: t('table.advertiser') },
    {
      key: 'price',
      title: t('table.price'),
      render: (r) => <span className="num">{`${formatDecimal(r.price, 2)} ${r.coin_code}`}</span>,
    },
    {
      key: 'surplus_number',
      title: t('table.amount'),
      render: (r) => <span className="num">{`${r.surplus_number} ${r.currency_name}`}</span>,
    },
    {
      key: 'limitation',
      title: t('table.limits'),
      render: (r) => <span className="num">{limitsLabel(r)}</span>,
    },
    { key: 'way', title: t('table.way'), render: (r) => wayLabel(t, r.way) },
    {
      key: 'action',
      title: '',
      align: 'right',
      render: (r) => (
        <Button
          size="sm"
          variant={want === 'buy' ? 'up' : 'down'}
          onClick={() => onTake(r)}
          data-testid={`c2c-take-${r.id}`}
        >
          {t(want === 'buy' ? 'actions.buy' : 'actions.sell')}
        </Button>
      ),
    },
  ];
  return (
    <div className={styles.page} data-testid="c2c-market">
      <C2cNav />
      <section className={styles.card}>
        <div className={styles.cardHead}>
          <h1 className={styles.pageTitle}>{t('market.title')}</h1>
          <Tabs
            variant="pill"
            aria-label={t('market.side')}
            items={[
              { key: 'buy', label: t('market.wantBuy') },
              { key: 'sell', label: t('market.wantSell') },
            ]}
            value={want}
            onChange={setWant}
          />
        </div>
        <CurrencyTabs value={currencyId} onChange={setCurrencyId} />
        <Table
          {...pagedTable(ads, (p) => p.data)}
          cards
          aria-label={t('market.title')}
          columns={columns}
          rowKey={(r) => r.id}
          loading={ads.isLoading || currencyId === 0}
          emptyText={t('market.empty')}
        />
        <p className={styles.muted}>{t('market.note')}</p>
      </section>
      <TakeDialog ad={taking} onClose={() => setTaking(null)} />
    </div>
  );
}
