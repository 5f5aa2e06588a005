import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { toast } from '@/shared/ui/toast';
import { useCompanyAddress } from '../api/get-company-address';
import { useDepositClaim } from '../api/deposit-claim';
import { CopyButton } from './copy-button';
import { cardClass } from '@/shared/ui/page';
import styles from '../funding.module.css';

/**
 * The deposit request (`charge_req`): coins sent to the exchange's company address are credited when an
 * operator confirms the request. The sending address and the amount are required; the transaction hash is
 * optional (the operator names it otherwise: one transaction is credited once).
 */
export function DepositClaimForm({ currency, coinName }: { currency: number; coinName: string }) {
  const { t } = useTranslation('cash');
  const company = useCompanyAddress();
  const claim = useDepositClaim();
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [txHash, setTxHash] = useState('');
  const [errors, setErrors] = useState<{ account?: string; amount?: string }>({});
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      account: account.trim() ? undefined : t('error.addressRequired'),
      amount:
        /^\d+(\.\d+)?$/.test(amount.trim()) && Number(amount) > 0 ? undefined : t('error.amountRequired'),
    };
    setErrors(next);
    if (next.account || next.amount) return;
    claim.mutate(
      {
        currency,
        amount: amount.trim(),
        account: account.trim(),
        ...(txHash.trim() ? { tx_hash: txHash.trim() } : {}),
      },
      {
        onSuccess: (message) => {
          toast.success(message);
          setAmount('');
          setAccount('');
          setTxHash('');
        },
      },
    );
  };
  const address = company.data?.company_eth_address ?? '';
  return (
    <form
      className={`${cardClass({ phone: 860 })} ${styles.form}`}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('claim.title')}
    >
      <h2 className={styles.sectionTitle}>{t('claim.title')}</h2>
      <p className={styles.subtitle}>{t('claim.subtitle')}</p>
      {address && (
        <div className={styles.companyRow}>
          <span className={styles.fieldLabel}>{t('claim.company')}</span>
          <code className={styles.mono}>{address}</code>
          <CopyButton text={address} />
        </div>
      )}
      <Input
        label={t('claim.account')}
        name="account"
        autoComplete="off"
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        error={errors.account}
      />
      <Input
        label={t('field.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        suffix={coinName}
        error={errors.amount}
      />
      <Input
        label={t('claim.txHash')}
        name="tx_hash"
        autoComplete="off"
        maxLength={200}
        value={txHash}
        onChange={(e) => setTxHash(e.target.value)}
      />
      <Button type="submit" disabled={claim.isPending}>
        {t('claim.submit')}
      </Button>
    </form>
  );
}
