import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ACCEPTOR_ACCOUNT_MAX, ACCEPTOR_MOBILE_MAX } from '@oryx/contracts/acceptor/calls';
import { formatGrouped, trimZeros } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { ApiError } from '@/shared/api/errors';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { Select } from '@/shared/ui/select';
import { PageSpinner } from '@/shared/ui/spinner';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useAcceptorInfo } from './api/get-acceptor-info';
import { useOpenDeal } from './api/open-deal';
import { PayDetails } from './components/pay-details';
import { checkDealForm, coinEstimate, type DealFormError, type DealFormValues } from './deal-form';
import { Card, Page, PageHeader } from '@/shared/ui/page';
import styles from './acceptor.module.css';

/** /rechargeMoney?id=<acceptor>&current=0 deposit (buy) | 1 withdraw (sell): the deal form. */
export default function RechargeMoneyPage() {
  const { t } = useTranslation('acceptor');
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const side = params.get('current') === '1' ? 'sell' : 'buy';
  const info = useAcceptorInfo(Number.isSafeInteger(id) ? id : 0);
  const a = info.data;
  if (!a) {
    if (info.isPending && id > 0) return <PageSpinner />;
    return (
      <Card>
        <p className={styles.denied}>{t('form.notFound')}</p>
        <p className={styles.muted}>
          <Link to="/aceite">{t('list.title')}</Link>
        </p>
      </Card>
    );
  }
  const coin = a.currency_name;
  const setSide = (s: 'buy' | 'sell') => setParams({ id: String(id), current: s === 'sell' ? '1' : '0' });
  return (
    <Page>
      <Card>
        <PageHeader
          title={t(side === 'buy' ? 'form.titleIn' : 'form.titleOut', { name: a.name })}
          subtitle={t('form.rate', {
            coin,
            quote: a.quote_code,
            rate: trimZeros(side === 'buy' ? a.recharge_rate : a.cash_rate),
          })}
          shrink
        />
      </Card>
      <Card>
        <Tabs
          variant="pill"
          aria-label={t('list.title')}
          items={[
            { key: 'buy', label: t('form.deposit', { coin }) },
            { key: 'sell', label: t('form.withdraw', { coin }) },
          ]}
          value={side}
          onChange={setSide}
        />
        <DealForm key={`${id}-${side}`} side={side} />
      </Card>
      <Card>
        <h2 className={styles.sectionTitle}>{t('form.payTo')}</h2>
        <PayDetails a={a} />
      </Card>
    </Page>
  );
}

function DealForm({ side }: { side: 'buy' | 'sell' }) {
  const { t } = useTranslation('acceptor');
  const [params] = useSearchParams();
  const info = useAcceptorInfo(Number(params.get('id') ?? 0));
  const a = info.data!;
  const navigate = useNavigate();
  const open = useOpenDeal();
  const [values, setValues] = useState<DealFormValues>({ mobile: '', account: '', money: '', way: '' });
  const [error, setError] = useState<{ field: keyof DealFormValues; key: DealFormError } | null>(null);
  // A sell deal sends my coin away: the trade password and, with two-factor on, its code.
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState('');
  const totp = useTotpStep();
  const set = (field: keyof DealFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (error?.field === field) setError(null);
  };
  const err = (field: keyof DealFormValues) => (error?.field === field ? t(`form.${error.key}`) : undefined);
  const buy = side === 'buy';
  const [min, max] = buy ? [a.recharge_min, a.recharge_amount] : [a.cash_min, a.cash_amount];
  const decimals = a.user_balance.split('.')[1]?.length ?? 8;
  const estimate = coinEstimate(values.money, buy ? a.recharge_rate : a.cash_rate, decimals, side);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkDealForm(values);
    setError(problem);
    if (problem) return;
    if (!buy && password === '') return setPasswordError(t('form.errPassword'));
    const input = {
      acceptor_id: a.id,
      type: side,
      way: values.way,
      mobile: values.mobile.trim(),
      deal_account: values.account.trim(),
      money: values.money.trim(),
      ...(buy ? {} : { password, ...totp.input }),
    };
    open.mutate(input, {
      onSuccess: (reply) => {
        toast.success(reply.msg);
        navigate(`/chargeRecord?current=${buy ? 0 : 1}`);
      },
      onError: (err) => {
        totp.onError(err);
        // The trade password is checked before the second factor: asked for a code, it was right.
        if (!(err instanceof ApiError && err.code === 'TWO_FACTOR_REQUIRED')) setPassword('');
      },
    });
  };

  return (
    <form className={`${styles.form} ${styles.flat}`} onSubmit={onSubmit} noValidate>
      <Select
        name="way"
        label={t('form.way')}
        value={values.way}
        onChange={(e) => set('way')(e.target.value)}
      >
        <option value="">{t('form.chooseWay')}</option>
        {a.ways.map((w) => (
          <option key={w} value={w}>
            {t(`way.${w}`)}
          </option>
        ))}
      </Select>
      {err('way') && <p className={styles.state2}>{err('way')}</p>}
      <Input
        name="mobile"
        label={t('form.mobile')}
        value={values.mobile}
        inputMode="tel"
        autoComplete="tel"
        maxLength={ACCEPTOR_MOBILE_MAX}
        onChange={(e) => set('mobile')(e.target.value)}
        error={err('mobile')}
      />
      <Input
        name="deal_account"
        label={t('form.dealAccount')}
        value={values.account}
        maxLength={ACCEPTOR_ACCOUNT_MAX}
        onChange={(e) => set('account')(e.target.value)}
        error={err('account')}
      />
      <Input
        name="money"
        label={t('form.money', { quote: a.quote_code })}
        value={values.money}
        inputMode="decimal"
        onChange={(e) => set('money')(e.target.value)}
        error={err('money')}
        hint={t('form.range', {
          min: formatGrouped(min, 2),
          max: formatGrouped(max, 2),
          quote: a.quote_code,
        })}
        suffix={a.quote_code}
      />
      <div className={styles.quote}>
        <span>{buy ? t('form.receive') : t('form.give')}</span>
        <strong data-testid="deal-estimate">
          {estimate || '--'} {a.currency_name}
        </strong>
      </div>
      <div className={styles.quote}>
        <span>{t(buy ? 'form.stock' : 'form.balance', { coin: a.currency_name })}</span>
        <strong>{buy ? a.acceptor_balance : a.user_balance}</strong>
      </div>
      {!buy && (
        <PasswordInput
          name="password"
          label={t('form.password')}
          hint={t('form.passwordHint')}
          autoComplete="off"
          value={password}
          error={passwordError || undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setPasswordError('');
          }}
        />
      )}
      {!buy && totp.field}
      <p className={styles.note}>{buy ? t('form.noteIn') : t('form.noteOut')}</p>
      <Button type="submit" size="lg" variant={buy ? 'up' : 'down'} loading={open.isPending}>
        {t('form.submit')}
      </Button>
    </form>
  );
}
