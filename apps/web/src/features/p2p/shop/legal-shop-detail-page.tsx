import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { ShopAdRow } from '@oryx/contracts/p2p/shop-calls';
import { Button, buttonClass } from '@/shared/ui/button';
import { RequireSession } from '@/shared/session/require-session';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useChangeAd } from './api/change-ad';
import { useShopAds } from './api/get-shop-ads';
import { limitText, trim } from './components/amount';
import { useTradePassword } from './components/trade-password';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './shop.module.css';

/**
 * `/legalShopDetail?id=`: my shop's ads, open or finished, 10 a page: take an ad off the shelf or put it
 * back, withdraw it (with the trade password), see its deals.
 */
export default function LegalShopDetailPage() {
  const { t } = useTranslation('shop');
  const id = Number(useSearchParams()[0].get('id')) || 0;
  const [done, setDone] = useState<0 | 1>(0);
  const ads = useShopAds(id, done);
  const change = useChangeAd();
  const password = useTradePassword();
  const act = async (kind: 'withdraw' | 'shelf', ad: ShopAdRow) => {
    const title = kind === 'withdraw' ? t('ad.withdraw') : ad.is_shelves ? t('ad.off') : t('ad.on');
    const pw = await password.ask({ title, body: <p className={styles.hint}>{t(`ad.ask.${kind}`)}</p> });
    if (pw !== null) change.mutate({ kind, id: ad.id, password: pw }, { onSuccess: (m) => toast.success(m) });
  };
  const columns: Column<ShopAdRow>[] = [
    {
      key: 'side',
      title: t('field.side'),
      render: (r) => (
        <span className={r.type === 'sell' ? styles.down : styles.up}>
          {t(r.type === 'sell' ? 'action.sell' : 'action.buy')} {r.currency_name}
        </span>
      ),
    },
    {
      key: 'price',
      title: t('field.price'),
      render: (r) => <span className={styles.num}>{`${r.price} ${r.coin_code}`}</span>,
    },
    {
      key: 'left',
      title: t('field.remaining'),
      render: (r) => (
        <span className={styles.num}>{`${trim(r.surplus_number)} / ${trim(r.total_number)}`}</span>
      ),
    },
    {
      key: 'limits',
      title: t('field.limits'),
      render: (r) => <span className={styles.num}>{limitText(r, t('field.noLimit'))}</span>,
    },
    {
      key: 'state',
      title: t('field.state'),
      render: (r) => (
        <span className={styles.badge}>
          {r.is_done ? t('ad.finished') : r.is_shelves ? t('ad.onShelf') : t('ad.offShelf')}
        </span>
      ),
    },
    {
      key: 'go',
      title: '',
      align: 'right',
      render: (r) => (
        <div className={styles.actions}>
          <Link className={buttonClass({ size: 'sm', variant: 'ghost' })} to={`/shopLegalRecord?id=${r.id}`}>
            {t('ad.deals')}
          </Link>
          {r.is_done === 0 && (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void act('shelf', r)}
                data-testid={`shop-shelf-${r.id}`}
              >
                {r.is_shelves ? t('ad.off') : t('ad.on')}
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => void act('withdraw', r)}
                data-testid={`shop-withdraw-${r.id}`}
              >
                {t('ad.withdraw')}
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];
  return (
    <RequireSession>
      <div className={styles.page}>
        <Card padding="md">
          <PageHeader
            title={t('ads.title')}
            subtitle={t('ads.subtitle')}
            shrink
            className={styles.head}
            actions={
              <div className={styles.actions}>
                <Link className={buttonClass({ size: 'sm' })} to={`/legalTradeSet?id=${id}`}>
                  {t('mine.post')}
                </Link>
                <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to="/myLegalShops">
                  {t('nav.myShops')}
                </Link>
              </div>
            }
          />
        </Card>
        <Card padding="md" flush>
          <div className={styles.toolbar}>
            <Tabs
              aria-label={t('field.state')}
              variant="pill"
              items={[
                { key: '0', label: t('ads.open') },
                { key: '1', label: t('ads.finished') },
              ]}
              value={String(done) as '0' | '1'}
              onChange={(k) => setDone(k === '1' ? 1 : 0)}
            />
          </div>
          <Table
            {...pagedTable(ads, (p) => p.data)}
            aria-label={t('ads.title')}
            columns={columns}
            rowKey={(r) => r.id}
            loading={ads.isLoading}
            emptyText={t('ads.empty')}
            cards
          />
        </Card>
        {password.dialog}
      </div>
    </RequireSession>
  );
}
