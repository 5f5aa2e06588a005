import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ShopAdRow } from '@oryx/contracts/p2p/shop-calls';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Modal } from '@/shared/ui/modal';
import { PasswordInput } from '@/shared/ui/password-input';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useAdInfo } from '../api/get-ad-info';
import { useTakeAd } from '../api/take-ad';
import styles from '../shop.module.css';
import { checkAmount, limitText, outsideLimits } from './amount';

type Means = 'money' | 'number';

/**
 * Taking part of a shop ad: by money (fiat) or by number (coins), within the ad's per-order limits,
 * with the trade password. On success the taker goes to the deal: `/legalPay` to pay when buying,
 * `/legalPayDetail` when selling.
 */
export function TakeDialog({ ad, onClose }: { ad: ShopAdRow | null; onClose: () => void }) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const info = useAdInfo(ad?.id ?? null);
  const take = useTakeAd();
  const [means, setMeans] = useState<Means>('number');
  const [value, setValue] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  if (!ad) return null;
  const iBuy = ad.type === 'sell';
  const close = () => {
    setValue('');
    setPassword('');
    setError('');
    onClose();
  };
  const submit = () => {
    const problem = checkAmount(value, means === 'money' ? 2 : 8);
    if (problem) return setError(t(problem));
    // Money is checked against the per-order limits (fiat) here, naming them, before the server's check.
    if (means === 'money' && outsideLimits(value, ad.limitation))
      return setError(t('error.outOfLimits', { limits: limitText(ad, '') }));
    if (!password) return setError(t('password.required'));
    take.mutate(
      { id: ad.id, means, value, password },
      {
        onSuccess: (r) => {
          toast.success(r.msg);
          close();
          navigate(`${r.data.my_side === 'buy' ? '/legalPay' : '/legalPayDetail'}?id=${r.data.id}`);
        },
      },
    );
  };
  return (
    <Modal
      open
      onClose={close}
      title={t(iBuy ? 'take.buyTitle' : 'take.sellTitle', { coin: ad.currency_name })}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('action.cancel')}
          </Button>
          <Button
            variant={iBuy ? 'up' : 'down'}
            loading={take.isPending}
            onClick={submit}
            data-testid="shop-take-ok"
          >
            {t(iBuy ? 'action.buy' : 'action.sell')}
          </Button>
        </>
      }
    >
      <form
        className={styles.dialogBody}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <dl className={styles.lines}>
          <dt>{t('field.shop')}</dt>
          <dd>{ad.seller_name}</dd>
          <dt>{t('field.price')}</dt>
          <dd className={styles.num}>
            {ad.price} {ad.coin_code}
          </dd>
          <dt>{t('field.remaining')}</dt>
          <dd className={styles.num}>{info.data?.surplus_number ?? ad.surplus_number}</dd>
          <dt>{t('field.limits')}</dt>
          <dd className={styles.num}>{limitText(ad, t('field.noLimit'))}</dd>
          <dt>{t('field.myLegal')}</dt>
          <dd className={styles.num}>{info.data?.user_legal_balance ?? '…'}</dd>
        </dl>
        <Tabs
          variant="pill"
          aria-label={t('take.means')}
          items={[
            { key: 'number', label: t('take.byNumber') },
            { key: 'money', label: t('take.byMoney') },
          ]}
          value={means}
          onChange={(m) => {
            setMeans(m);
            setError('');
          }}
        />
        <Input
          label={
            means === 'money'
              ? t('take.money', { fiat: ad.coin_code })
              : t('take.number', { coin: ad.currency_name })
          }
          inputMode="decimal"
          value={value}
          onChange={(e) => {
            setValue(e.target.value.trim());
            setError('');
          }}
          suffix={means === 'money' ? ad.coin_code : ad.currency_name}
          data-testid="shop-take-value"
          data-autofocus
        />
        <PasswordInput
          label={t('password.label')}
          name="trade-password"
          autoComplete="off"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError('');
          }}
          error={error || undefined}
          data-testid="shop-take-password"
        />
      </form>
    </Modal>
  );
}
