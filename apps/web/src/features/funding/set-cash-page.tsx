import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { compareDecimal, groupDigits, trimZeros } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { Select } from '@/shared/ui/select';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { ApiError } from '@/shared/api/errors';
import { useCoinInfo } from './api/get-coin-info';
import { useWithdrawFee } from './api/get-withdraw-fee';
import { useTwoFactorOn } from './api/get-two-factor';
import { useWithdraw } from './api/withdraw';
import { CoinSelect } from './components/coin-select';
import { useFundingCoins } from './components/funding-coins';
import { FundingGate } from './components/funding-gate';
import { WithdrawRecords } from './components/records';
import { SandboxBadge } from './components/sandbox-badge';
import { SandboxTestAddress } from './components/sandbox-test-address';
import { WithdrawConfirm, type WithdrawSummary } from './components/withdraw-confirm';
import { ThirdPartyEntry, hasThirdParty } from './components/third-party-entry';
import { useRupiahOpen } from './api/get-rupiah-open';
import { splitDuration, useNow } from './components/time-left';
import { Card, PageHeader, cardClass } from '@/shared/ui/page';
import styles from './funding.module.css';

/** After a successful withdrawal the page reloads after this long (the API family's behaviour). */
const RELOAD_MS = 1500;
const AMOUNT = /^\d+(\.\d+)?$/;

type Field = 'address' | 'amount' | 'password';

/** `/setCash?currency=`: a coin withdrawal to a bound address, with network, fee and what arrives. */
export default function SetCashPage() {
  const { t } = useTranslation('cash');
  return (
    <FundingGate title={t('withdraw.title')}>
      <SetCash />
    </FundingGate>
  );
}

function SetCash() {
  const { t } = useTranslation('cash');
  const { coins, coin, pick } = useFundingCoins();
  const info = useCoinInfo(coin?.currency);
  const withdraw = useWithdraw();
  const totp = useTotpStep(useTwoFactorOn().data === true);
  const now = useNow();
  const [type, setType] = useState('');
  const [addressId, setAddressId] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [reviewing, setReviewing] = useState(false);
  const reload = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reload.current), []);

  const d = info.data;
  const rupiah = useRupiahOpen(coin?.currency, hasThirdParty(d?.is_show));
  const network = d?.type_data.find((n) => n.type === type) ?? d?.type_data[0];
  const addresses = (d?.wallet_data ?? []).filter((a) => a.type === network?.type);
  const address = addresses.find((a) => String(a.id) === addressId && a.usable_at <= now);
  const validAmount =
    AMOUNT.test(amount.trim()) && compareDecimal(amount.trim(), '0') > 0 ? amount.trim() : null;
  const fee = useWithdrawFee(coin?.currency, network?.type ?? '', validAmount);
  const needsReview = d && validAmount && compareDecimal(validAmount, d.approval_above) > 0;

  const check = () => {
    const e: Partial<Record<Field, string>> = {};
    if (!address) e.address = t('error.addressRequired');
    if (!validAmount) e.amount = t('error.amountRequired');
    else if (network && compareDecimal(validAmount, network.min_number) < 0)
      e.amount = t('error.lessMin', { min: trimZeros(network.min_number), coin: d?.name ?? '' });
    else if (d && compareDecimal(validAmount, d.max_number) > 0)
      e.amount = t('error.moreMax', { max: trimZeros(d.max_number), coin: d.name });
    else if (d && compareDecimal(validAmount, d.change_balance) > 0) e.amount = t('error.insufficient');
    if (!password) e.password = t('error.passwordRequired');
    return e;
  };

  // Checked: the confirmation step shows what leaves, to where, the fee and what arrives.
  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault();
    if (withdraw.isPending || reload.current !== undefined || !coin || !network) return;
    const e = check();
    setErrors(e);
    if (Object.keys(e).length === 0 && address && validAmount) setReviewing(true);
  };
  const freshFee = fee.data && !fee.isPlaceholderData && !fee.isFetching ? fee.data : null;
  const summary: WithdrawSummary | null =
    reviewing && d && network && address && validAmount
      ? {
          coin: d.name,
          amount: validAmount,
          address: address.label,
          memo: address.memo,
          network: network.name,
          fee: freshFee?.rate ?? null,
          received: freshFee?.real_number ?? null,
          isTestAddress: address.label === network.test_address,
          needsReview: Boolean(needsReview),
          approvalAbove: d.approval_above,
        }
      : null;

  const send = () => {
    setReviewing(false);
    if (withdraw.isPending || reload.current !== undefined || !coin || !network || !address || !validAmount)
      return;
    withdraw.mutate(
      {
        currency: coin.currency,
        type: network.type,
        number: validAmount,
        rate: freshFee?.rate ?? fee.data?.rate,
        address: address.label,
        memo: address.memo,
        pay_password: password,
        ...totp.input,
      },
      {
        onSuccess: (message) => {
          toast.success(message);
          reload.current = window.setTimeout(() => window.location.reload(), RELOAD_MS);
        },
        onError: (error) => {
          totp.onError(error);
          // The trade password is checked before the second factor: asked for a code, it was right.
          if (!(error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED')) setPassword('');
        },
      },
    );
  };

  const coolingText = (usableAt: number) => {
    const { h, m, s } = splitDuration(usableAt - now);
    return t('address.coolingShort', { h, m, s });
  };

  return (
    <div className={styles.stack}>
      <Card phone={860}>
        <PageHeader
          title={t('withdraw.title')}
          subtitle={d?.is_show !== 2 && t('withdraw.subtitle')}
          actions={
            <span className={styles.links}>
              <Link className={styles.link} to={`/recharge?currency=${coin?.currency ?? ''}`}>
                {t('nav.deposit')}
              </Link>
              <Link className={styles.link} to={`/withdraw_address?currency=${coin?.currency ?? ''}`}>
                {t('nav.addresses')}
              </Link>
              {coin && rupiah.open && (
                <Link className={styles.link} to={`/rupiahWithdraw?currency=${coin.currency}`}>
                  {t('nav.rupiahWithdraw')}
                </Link>
              )}
            </span>
          }
        />
      </Card>
      {coin && d?.is_show === 2 ? (
        <ThirdPartyEntry
          coins={coins}
          currency={coin.currency}
          onPick={pick}
          text={t('withdraw.thirdPartyOnly', { coin: d.name })}
          to={`/rupiahWithdraw?currency=${coin.currency}`}
          action={t('nav.rupiahWithdraw')}
          rupiah={rupiah}
        />
      ) : (
        <form
          className={`${cardClass({ phone: 860 })} ${styles.form}`}
          onSubmit={onSubmit}
          noValidate
          aria-label={t('withdraw.title')}
        >
          <CoinSelect
            id="withdraw-coin"
            coins={coins}
            value={coin?.currency}
            onPick={(id) => {
              pick(id);
              setAddressId('');
              setType('');
            }}
          />
          {d && d.withdraw_open !== 1 && <p className={styles.warning}>{t('withdraw.closedCoin')}</p>}
          <Select
            id="withdraw-network"
            name="type"
            label={t('field.network')}
            value={network?.type ?? ''}
            onChange={(e) => {
              setType(e.target.value);
              setAddressId('');
            }}
          >
            {(d?.type_data ?? []).map((n) => (
              <option key={n.id} value={n.type}>
                {n.name}
              </option>
            ))}
          </Select>
          {network?.chain === 'sandbox' && (
            <p className={styles.sandboxNote}>
              <SandboxBadge /> {t('sandbox.withdrawHint')}
            </p>
          )}
          <div className={styles.field}>
            <Select
              id="withdraw-address"
              name="address"
              label={t('field.address')}
              value={addressId}
              onChange={(e) => setAddressId(e.target.value)}
            >
              <option value="">
                {addresses.length ? t('withdraw.pickAddress') : t('withdraw.noAddress')}
              </option>
              {addresses.map((a) => (
                <option key={a.id} value={a.id} disabled={a.usable_at > now}>
                  {a.label}
                  {a.label === network?.test_address ? ` (${t('testAddress.option')})` : ''}
                  {a.memo ? ` (${t('field.memo')} ${a.memo})` : ''}
                  {a.usable_at > now ? ` — ${coolingText(a.usable_at)}` : ''}
                </option>
              ))}
            </Select>
            {errors.address && <span className={styles.error}>{errors.address}</span>}
            {coin && network && (
              <SandboxTestAddress
                currency={coin.currency}
                network={network}
                addresses={addresses}
                now={now}
                onUse={setAddressId}
              />
            )}
            <Link className={styles.link} to={`/withdraw_address?currency=${coin?.currency ?? ''}`}>
              {t('withdraw.manageAddresses')}
            </Link>
          </div>
          <Input
            label={t('field.amount')}
            name="number"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder={network ? t('withdraw.minPlaceholder', { min: trimZeros(network.min_number) }) : ''}
            error={errors.amount}
            hint={
              d ? t('withdraw.available', { amount: groupDigits(d.change_balance), coin: d.name }) : undefined
            }
            suffix={
              <button
                type="button"
                className={styles.allButton}
                onClick={() => d && setAmount(trimZeros(d.change_balance))}
              >
                {t('withdraw.all')}
              </button>
            }
          />
          <dl className={styles.summary}>
            <dt>{t('field.fee')}</dt>
            <dd data-testid="withdraw-fee">
              {fee.data && validAmount ? `${fee.data.rate} ${d?.name ?? ''}` : '—'}
            </dd>
            <dt>{t('field.received')}</dt>
            <dd data-testid="withdraw-received">
              {fee.data && validAmount ? `${fee.data.real_number} ${d?.name ?? ''}` : '—'}
            </dd>
          </dl>
          {d && network && (
            <ul className={styles.notes}>
              <li>
                {t('withdraw.feeRule', { fee: trimZeros(d.withdraw_fee), rate: network.rate, coin: d.name })}
              </li>
              <li>
                {t('withdraw.limits', {
                  min: trimZeros(network.min_number),
                  max: trimZeros(d.max_number),
                  coin: d.name,
                })}
              </li>
              <li className={needsReview ? styles.warningItem : undefined}>
                {t('withdraw.review', { amount: trimZeros(d.approval_above), coin: d.name })}
              </li>
            </ul>
          )}
          <PasswordInput
            label={t('field.tradePassword')}
            name="pay_password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          {totp.field}
          <Button type="submit" disabled={withdraw.isPending} data-testid="withdraw-submit">
            {t('withdraw.submit')}
          </Button>
        </form>
      )}
      <WithdrawConfirm
        summary={summary}
        sending={withdraw.isPending}
        onSend={send}
        onBack={() => setReviewing(false)}
      />
      {coin && <WithdrawRecords currency={coin.currency} compact />}
    </div>
  );
}
