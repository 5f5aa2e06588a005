import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ShopAdRow } from '@oryx/contracts/p2p/shop-calls';
import { loginPath } from '@/shared/lib/login-redirect';
import { useIsLoggedIn } from '@/shared/session/session';
import { Tabs } from '@/shared/ui/tabs';
import { pagedTable } from '@/shared/ui/paged-table';
import { usePlatform } from './api/get-platform';
import { AdTable } from './components/ad-table';
import { CurrencyTabs } from './components/currency-tabs';
import { TakeDialog } from './components/take-dialog';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './shop.module.css';

/**
 * `/legalTrade`: the shops' ads on the shelf. "Buy" lists the ads where a shop sells, "Sell" those where
 * it buys; currency tabs; 10 a page with load-more. Taking opens the take dialog (login first).
 */
export default function LegalTradePage() {
  const { t } = useTranslation('shop');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const side = params.get('side') === 'sell' ? 'sell' : 'buy';
  const [currency, setCurrency] = useState(Number(params.get('currency_id')) || 0);
  const [taking, setTaking] = useState<ShopAdRow | null>(null);
  // "I buy" shows the ads where the shop sells.
  const list = usePlatform({ type: side === 'buy' ? 'sell' : 'buy', currency_id: currency || undefined });
  const onTake = (ad: ShopAdRow) => {
    if (!loggedIn) navigate(loginPath(`${location.pathname}${location.search}`));
    else setTaking(ad);
  };
  return (
    <div className={styles.page}>
      <Card padding="md">
        <PageHeader
          title={t('market.title')}
          subtitle={t('market.subtitle')}
          shrink
          className={styles.head}
          actions={
            <div className={styles.actions}>
              <Link className={styles.link} to="/legalRecord">
                {t('nav.myDeals')}
              </Link>
              <Link className={styles.link} to="/fiatradCenter">
                {t('nav.center')}
              </Link>
            </div>
          }
        />
      </Card>
      <Card padding="md" flush>
        <div className={styles.toolbar}>
          <Tabs
            aria-label={t('field.side')}
            variant="pill"
            items={[
              { key: 'buy', label: t('market.iBuy') },
              { key: 'sell', label: t('market.iSell') },
            ]}
            value={side}
            onChange={(k) => setParams({ side: k }, { replace: true })}
          />
          <CurrencyTabs value={currency} onChange={setCurrency} />
        </div>
        <AdTable paging={pagedTable(list, (p) => p.data)} onTake={onTake} />
      </Card>
      <TakeDialog ad={taking} onClose={() => setTaking(null)} />
    </div>
  );
}
