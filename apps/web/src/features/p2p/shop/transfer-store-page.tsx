import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { RequireSession } from '@/shared/session/require-session';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useShopInfo } from './api/get-shop-info';
import { useShopTransfer } from './api/shop-transfer';
import { Stat } from './components/deal-view';
import { checkAmount } from './components/amount';
import { trim } from './components/amount';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './shop.module.css';

/** `/transferstore?id=<shop>`: move coins between my legal wallet and the shop balance. */
export default function TransferStorePage() {
  const { t } = useTranslation('shop');
  const id = Number(useSearchParams()[0].get('id')) || 0;
  const info = useShopInfo(id);
  const shop = info.data?.pages[0];
  const transfer = useShopTransfer();
  const [type, setType] = useState<'in' | 'out'>('in');
  const [number, setNumber] = useState('');
  const [error, setError] = useState('');
  const available = shop ? (type === 'in' ? shop.user_legal_balance : shop.seller_balance) : '0';
  const submit = () => {
    const problem = checkAmount(number, 8);
    if (problem) return setError(t(problem));
    transfer.mutate(
      { number, type, seller_id: id },
      {
        onSuccess: (m) => {
          toast.success(m);
          setNumber('');
        },
      },
    );
  };
  return (
    <RequireSession>
      <div className={styles.page}>
        <Card padding="md">
          <PageHeader
            title={t('transfer.title')}
            subtitle={shop ? `${shop.name} · ${shop.currency_name}` : ''}
            shrink
            className={styles.head}
            actions={
              <Link className={styles.link} to="/myLegalShops">
                {t('nav.myShops')}
              </Link>
            }
          />
        </Card>
        <Card padding="md">
          <div className={styles.stats}>
            <Stat label={t('transfer.legal')} value={trim(shop?.user_legal_balance ?? '0')} />
            <Stat label={t('transfer.shop')} value={trim(shop?.seller_balance ?? '0')} />
          </div>
          <form
            className={styles.form}
            data-spaced=""
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Tabs
              aria-label={t('transfer.direction')}
              variant="pill"
              items={[
                { key: 'in', label: t('transfer.in') },
                { key: 'out', label: t('transfer.out') },
              ]}
              value={type}
              onChange={(k) => {
                setType(k);
                setError('');
              }}
            />
            <Input
              label={t('transfer.amount')}
              inputMode="decimal"
              value={number}
              onChange={(e) => {
                setNumber(e.target.value.trim());
                setError('');
              }}
              error={error || undefined}
              hint={t('transfer.available', { amount: trim(available) })}
              suffix={
                <button type="button" className={styles.link} onClick={() => setNumber(trim(available))}>
                  {t('transfer.all')}
                </button>
              }
              data-testid="shop-transfer-amount"
            />
            <Button type="submit" loading={transfer.isPending} data-testid="shop-transfer-submit">
              {t('transfer.submit')}
            </Button>
          </form>
        </Card>
      </div>
    </RequireSession>
  );
}
