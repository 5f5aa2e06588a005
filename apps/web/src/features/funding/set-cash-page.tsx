import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { cardClass } from '@/shared/ui/page';
import { PasswordInput } from '@/shared/ui/password-input';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useTwoFactorOn } from './api/get-two-factor';
import { CoinSelect } from './components/coin-select';
import { FundingGate } from './components/funding-gate';
import { WithdrawRecords } from './components/records';
import { ThirdPartyEntry } from './components/third-party-entry';
import { useSendWithdrawal } from './components/use-send-withdrawal';
import { useWithdrawForm } from './components/use-withdraw-form';
import { WithdrawConfirm } from './components/withdraw-confirm';
import {
  AddressField,
  AmountField,
  FeeSummary,
  NetworkSelect,
  WithdrawHeader,
} from './components/withdraw-form-parts';
import styles from './funding.module.css';

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
  const form = useWithdrawForm();
  const totp = useTotpStep(useTwoFactorOn().data === true);
  const sending = useSendWithdrawal(form, totp);
  const { coins, coin, d } = form;

  return (
    <div className={styles.stack}>
      <WithdrawHeader form={form} />
      {coin && d?.is_show === 2 ? (
        <ThirdPartyEntry
          coins={coins}
          currency={coin.currency}
          onPick={form.pick}
          text={t('withdraw.thirdPartyOnly', { coin: d.name })}
          to={`/rupiahWithdraw?currency=${coin.currency}`}
          action={t('nav.rupiahWithdraw')}
          rupiah={form.rupiah}
        />
      ) : (
        <form
          className={`${cardClass({ phone: 860 })} ${styles.form}`}
          onSubmit={sending.onSubmit}
          noValidate
          aria-label={t('withdraw.title')}
        >
          <CoinSelect id="withdraw-coin" coins={coins} value={coin?.currency} onPick={form.pickCoin} />
          {d && d.withdraw_open !== 1 && <p className={styles.warning}>{t('withdraw.closedCoin')}</p>}
          <NetworkSelect form={form} />
          <AddressField form={form} />
          <AmountField form={form} />
          <FeeSummary form={form} />
          <PasswordInput
            label={t('field.tradePassword')}
            name="pay_password"
            autoComplete="off"
            value={form.password}
            onChange={(e) => form.setPassword(e.target.value)}
            error={form.errors.password}
          />
          {totp.field}
          <Button type="submit" disabled={sending.isPending} data-testid="withdraw-submit">
            {t('withdraw.submit')}
          </Button>
        </form>
      )}
      <WithdrawConfirm
        summary={sending.summary}
        sending={sending.isPending}
        onSend={sending.send}
        onBack={sending.back}
      />
      {coin && <WithdrawRecords currency={coin.currency} compact />}
    </div>
  );
}
