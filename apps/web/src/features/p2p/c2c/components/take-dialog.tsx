import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { C2cAdRow } from '@oryx/contracts/p2p/calls';
import { compareDecimal, formatDecimal, mulDecimals } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { PasswordInput } from '@/shared/ui/password-input';
import { toast } from '@/shared/ui/toast';
import { useC2cCurrencies } from '../api/get-currencies';
import { useTakeAd } from '../api/take-ad';
import styles from '../c2c.module.css';
import { Input } from '@/shared/ui/input';
import { limitsLabel, wayLabel, windowLabel } from './labels';

export interface TakeDialogProps {
  ad: C2cAdRow | null;
  onClose: () => void;
}

/**
 * Taking an ad at its price: an amount of coins within the ad's per-deal limits, or nothing to take
 * everything left (up to its maximum). Checked here first: the amount's form, the trade password and,
 * when the user sells (a buy ad), the legal wallet holds the amount; the server checks the rest
 * (limits, identity 998, payment details 997, own ad, one open deal). Then the deal page opens.
 */
export function TakeDialog({ ad, onClose }: TakeDialogProps) {
  const { t } = useTranslation('c2c');
  const navigate = useNavigate();
  const take = useTakeAd();
  const currencies = useC2cCurrencies();
  const [password, setPassword] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const close = () => {
    setPassword('');
    setAmount('');
    setError('');
    onClose();
  };
  const iSell = ad?.type === 'buy';
  const balance = currencies.data?.find((c) => c.id === ad?.currency_id)?.wallet?.legal_balance ?? '0';
  const submit = () => {
    if (!ad) return;
    const wanted = amount.trim();
    if (wanted && !/^\d+(\.\d+)?$/.test(wanted)) return setError(t('form.badQuantity'));
    const needs = wanted || ad.surplus_number;
    if (iSell && compareDecimal(balance, needs) < 0) return setError(t('take.lowBalance'));
    if (password.trim() === '') return setError(t('password.required'));
    take.mutate(
      // Without an amount the server takes everything left (up to the ad's maximum).
      { id: ad.id, password, ...(wanted ? { means: 'number', value: wanted } : {}) },
      {
        onSuccess: (r) => {
          toast.success(r.msg);
          close();
          navigate(`/c2cDetail?id=${r.data.id}`);
        },
        onError: () => setPassword(''),
      },
    );
  };
  const rows: [string, string][] = ad
    ? [
        [t('table.seller'), ad.seller_name],
        [t('table.price'), `${formatDecimal(ad.price, 2)} ${ad.coin_code}`],
        [t('table.amount'), `${ad.surplus_number} ${ad.currency_name}`],
        [t('take.total'), `${mulDecimals(ad.price, ad.surplus_number, 2)} ${ad.coin_code}`],
        [t('table.way'), wayLabel(t, ad.way)],
        [t('table.limits'), limitsLabel(ad)],
        [t('table.payWindow'), windowLabel(t, ad.pay_window)],
      ]
    : [];
  return (
    <Modal
      open={ad !== null}
      onClose={close}
      title={ad ? t(iSell ? 'take.titleSell' : 'take.titleBuy', { coin: ad.currency_name }) : ''}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant={iSell ? 'down' : 'up'}
            loading={take.isPending}
            onClick={submit}
            data-testid="c2c-take-ok"
          >
            {t(iSell ? 'actions.sell' : 'actions.buy')}
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
        <dl className={styles.facts}>
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd className="num">{v}</dd>
            </div>
          ))}
          {iSell && (
            <div>
              <dt>{t('take.balance')}</dt>
              <dd className="num">{`${balance} ${ad?.currency_name ?? ''}`}</dd>
            </div>
          )}
        </dl>
        <Input
          label={t('take.amount')}
          name="amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setError('');
          }}
          suffix={ad?.currency_name}
          hint={t('take.amountHint')}
          data-testid="c2c-take-amount"
        />
        <PasswordInput
          label={t('password.label')}
          name="trade-password"
          autoComplete="off"
          value={password}
          error={error || undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setError('');
          }}
          data-testid="c2c-take-password"
        />
      </form>
    </Modal>
  );
}
