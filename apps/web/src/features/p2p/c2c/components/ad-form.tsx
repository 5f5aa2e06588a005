import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { C2C_PAY_WINDOW_MINUTES, P2P_FIATS, P2P_WAYS } from '@oryx/contracts/p2p/calls';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';
import { toast } from '@/shared/ui/toast';
import { useC2cCurrencies } from '../api/get-currencies';
import type { Side } from '../api/paged';
import { usePostAd } from '../api/post-ad';
import styles from '../c2c.module.css';
import { wayLabel, windowLabel } from './labels';
import { useTradePassword } from './trade-password';

const DECIMAL = /^\d+(\.\d+)?$/;
const MONEY = /^\d+(\.\d{1,2})?$/;
type Fields = {
  currency: string;
  total_number: string;
  price: string;
  way: string;
  coin_code: string;
  min: string;
  max: string;
  pay_window: string;
};
const EMPTY: Fields = {
  currency: '',
  total_number: '',
  price: '',
  way: '',
  coin_code: '',
  min: '',
  max: '',
  pay_window: String(C2C_PAY_WINDOW_MINUTES.max),
};
/** The payment windows a poster may choose (minutes), the default 24 hours last. */
const WINDOWS = [15, 30, 60, 120, 360, 720, C2C_PAY_WINDOW_MINUTES.max];
type Errors = Partial<Record<keyof Fields, string>>;

/**
 * One side's publish form. Required, checked in this order with a message each: quantity, price, pay
 * way, fiat code; then the trade password in a prompt. Posted: back to /c2cRelease with the form
 * empty (`onPosted` tells the page the currency); refused: the form is cleared as well (the server's
 * message is shown).
 */
export function AdForm({ side, onPosted }: { side: Side; onPosted?: (currencyId: number) => void }) {
  const { t } = useTranslation('c2c');
  const navigate = useNavigate();
  const currencies = useC2cCurrencies();
  const post = usePostAd();
  const { ask, dialog } = useTradePassword();
  const [values, setValues] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  // A sell ad starts on the first currency the legal wallet holds; a buy ad on the first one.
  const held = currencies.data?.find((c) => side === 'sell' && Number(c.wallet?.legal_balance ?? 0) > 0);
  const currencyId = Number(values.currency) || held?.id || currencies.data?.[0]?.id || 0;
  const currency = currencies.data?.find((c) => c.id === currencyId);
  const set = (k: keyof Fields) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const check = (): Errors | null => {
    const q = values.total_number.trim();
    const p = values.price.trim();
    if (!q) return { total_number: t('form.needQuantity') };
    if (!DECIMAL.test(q) || Number(q) <= 0) return { total_number: t('form.badQuantity') };
    if (!p) return { price: t('form.needPrice') };
    if (!DECIMAL.test(p) || Number(p) <= 0) return { price: t('form.badPrice') };
    if (!values.way) return { way: t('form.needWay') };
    if (!values.coin_code) return { coin_code: t('form.needFiat') };
    const [min, max] = [values.min.trim(), values.max.trim()];
    if ((min && !MONEY.test(min)) || (max && !MONEY.test(max)) || (min && max && Number(min) > Number(max))) {
      return { min: t('form.badLimit') };
    }
    return null;
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = check();
    if (bad) return setErrors(bad);
    const password = await ask({ title: t(side === 'buy' ? 'form.titleBuy' : 'form.titleSell') });
    if (password === null) return;
    const input = {
      type: side,
      currency_id: currencyId,
      total_number: values.total_number.trim(),
      price: values.price.trim(),
      way: values.way,
      coin_code: values.coin_code,
      min_number: values.min.trim(),
      max_number: values.max.trim(),
      pay_window: values.pay_window,
      password,
    };
    post.mutate(input, {
      onSuccess: (message) => {
        toast.success(message);
        setValues(EMPTY);
        onPosted?.(input.currency_id);
        navigate('/c2cRelease');
      },
      onError: () => setValues(EMPTY),
    });
  };
  return (
    <form
      className={`${styles.card} ${styles.adForm}`}
      onSubmit={onSubmit}
      noValidate
      data-testid={`c2c-form-${side}`}
    >
      <h2 className={`${styles.cardTitle} ${side === 'buy' ? 'up' : 'down'}`}>
        {t(side === 'buy' ? 'form.titleBuy' : 'form.titleSell')}
      </h2>
      <Select
        label={t('form.currency')}
        name="currency"
        value={String(currencyId)}
        onChange={(e) => set('currency')(e.target.value)}
      >
        {currencies.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
      <Input
        label={t('form.quantity')}
        name="total_number"
        inputMode="decimal"
        value={values.total_number}
        onChange={(e) => set('total_number')(e.target.value)}
        suffix={currency?.name}
        error={errors.total_number}
        hint={
          side === 'sell' && currency?.wallet
            ? t('form.available', { amount: currency.wallet.legal_balance, coin: currency.name })
            : undefined
        }
      />
      <Input
        label={t('form.price')}
        name="price"
        inputMode="decimal"
        value={values.price}
        onChange={(e) => set('price')(e.target.value)}
        suffix={values.coin_code || undefined}
        error={errors.price}
      />
      <div className={styles.grid2}>
        <div>
          <Select
            label={t('form.way')}
            name="way"
            value={values.way}
            onChange={(e) => set('way')(e.target.value)}
          >
            <option value="">{t('form.choose')}</option>
            {P2P_WAYS.map((w) => (
              <option key={w} value={w}>
                {wayLabel(t, w)}
              </option>
            ))}
          </Select>
          {errors.way && <p className={styles.error}>{errors.way}</p>}
        </div>
        <div>
          <Select
            label={t('form.fiat')}
            name="coin_code"
            value={values.coin_code}
            onChange={(e) => set('coin_code')(e.target.value)}
          >
            <option value="">{t('form.choose')}</option>
            {P2P_FIATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </Select>
          {errors.coin_code && <p className={styles.error}>{errors.coin_code}</p>}
        </div>
      </div>
      <div className={styles.grid2}>
        <Input
          label={t('form.minMoney')}
          name="min_number"
          inputMode="decimal"
          placeholder={t('form.optional')}
          value={values.min}
          onChange={(e) => set('min')(e.target.value)}
          suffix={values.coin_code || undefined}
          error={errors.min}
        />
        <Input
          label={t('form.maxMoney')}
          name="max_number"
          inputMode="decimal"
          placeholder={t('form.optional')}
          value={values.max}
          onChange={(e) => set('max')(e.target.value)}
          suffix={values.coin_code || undefined}
        />
      </div>
      <Select
        label={t('form.payWindow')}
        name="pay_window"
        value={values.pay_window}
        onChange={(e) => set('pay_window')(e.target.value)}
      >
        {WINDOWS.map((m) => (
          <option key={m} value={m}>
            {windowLabel(t, m)}
          </option>
        ))}
      </Select>
      <p className={styles.muted}>{t(side === 'sell' ? 'form.sellNote' : 'form.buyNote')}</p>
      <Button type="submit" variant={side === 'buy' ? 'up' : 'down'} block loading={post.isPending}>
        {t('form.submit')}
      </Button>
      {dialog}
    </form>
  );
}
