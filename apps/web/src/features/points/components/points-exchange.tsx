import { useTranslation } from 'react-i18next';
import { trimZeros } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { cardClass } from '@/shared/ui/page';
import { PasswordInput } from '@/shared/ui/password-input';
import styles from '@/shared/ui/earn-pages.module.css';
import { ExchangePreview, PointsSummary } from './points-exchange-parts';
import { PointsRecords } from './points-records';
import { usePointsExchange } from './use-points-exchange';

/** JC points: the balance and terms, the exchange form with what it pays, the records. */
export function PointsExchange() {
  const { t } = useTranslation('points');
  const form = usePointsExchange();
  const { d, error } = form;
  return (
    <div className={styles.stack}>
      <PointsSummary d={d} />
      <form
        className={`${cardClass()} ${styles.form}`}
        onSubmit={form.onSubmit}
        noValidate
        aria-label={t('submit')}
      >
        <Input
          label={t('amount')}
          name="use_number"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          placeholder={t('amountPlaceholder')}
          value={form.amount}
          error={
            error === 'amountRequired'
              ? t('amountRequired')
              : error === 'insufficient'
                ? t('insufficient')
                : undefined
          }
          suffix={
            <button
              type="button"
              className={styles.allButton}
              onClick={() => d && form.setAmount(trimZeros(d.free_jc_integral))}
            >
              {t('all')}
            </button>
          }
          onChange={(e) => form.onAmount(e.target.value)}
        />
        <ExchangePreview quote={form.quote} />
        <PasswordInput
          label={t('password')}
          name="password"
          autoComplete="off"
          value={form.password}
          error={error === 'passwordRequired' ? t('passwordRequired') : undefined}
          onChange={(e) => form.onPassword(e.target.value)}
        />
        <Button type="submit" disabled={!d || form.isPending}>
          {t('submit')}
        </Button>
      </form>
      <PointsRecords enabled={Boolean(d)} />
    </div>
  );
}
