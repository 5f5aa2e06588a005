import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { toast } from '@/shared/ui/toast';
import { useFaucet } from '../api/faucet';
import { SandboxBadge } from './sandbox-badge';
import { cardClass } from '@/shared/ui/page';
import styles from '../funding.module.css';

/** Demo: simulated coins sent to one's own deposit address; the deposit then confirms like any other. */
export function FaucetForm({
  currency,
  type,
  coinName,
}: {
  currency: number;
  type: string;
  coinName: string;
}) {
  const { t } = useTranslation('cash');
  const faucet = useFaucet();
  const [amount, setAmount] = useState('100');
  const [error, setError] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d+(\.\d+)?$/.test(amount.trim()) || Number(amount) <= 0) {
      setError(t('error.amountRequired'));
      return;
    }
    setError('');
    faucet.mutate(
      { currency, type, amount: amount.trim() },
      { onSuccess: () => toast.success(t('faucet.sent')) },
    );
  };
  return (
    <form
      className={`${cardClass({ phone: 860 })} ${styles.form}`}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('faucet.title')}
    >
      <div className={styles.titleRow}>
        <h2 className={styles.sectionTitle}>{t('faucet.title')}</h2>
        <SandboxBadge />
      </div>
      <p className={styles.subtitle}>{t('faucet.subtitle')}</p>
      <div className={styles.inline}>
        <Input
          label={t('field.amount')}
          name="faucet_amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          suffix={coinName}
          error={error}
        />
        <Button type="submit" disabled={faucet.isPending} data-testid="faucet-button">
          {t('faucet.button')}
        </Button>
      </div>
    </form>
  );
}
