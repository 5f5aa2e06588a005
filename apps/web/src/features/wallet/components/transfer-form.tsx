import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { Card, PageHeader, cardClass } from '@/shared/ui/page';
import styles from '../wallet.module.css';
import { AmountField, CoinField, TransferRoute } from './transfer-form-parts';
import { useTransferForm, type TransferFormOptions } from './use-transfer-form';

export interface TransferFormProps extends TransferFormOptions {
  title?: string;
}

/**
 * The transfer form of /transfer and its presets: currency, from and to with a swap, amount with an
 * "all" button, the balances of both sides. Only currencies enabled for both wallets are offered.
 */
export function TransferForm({ title, ...options }: TransferFormProps) {
  const { t } = useTranslation('wallet');
  const form = useTransferForm(options);
  return (
    <>
      <Card phone={860}>
        <PageHeader
          title={title ?? t('transfer.title')}
          subtitle={t('transfer.subtitle')}
          actions={
            <Link className={styles.link} to="/transferRecord">
              {t('transfer.records')}
            </Link>
          }
        />
      </Card>
      <form
        className={`${cardClass({ phone: 860 })} ${styles.transfer}`}
        onSubmit={form.onSubmit}
        noValidate
        aria-label={title ?? t('transfer.title')}
      >
        <CoinField form={form} />

        <TransferRoute form={form} />

        <AmountField form={form} />
        <Button
          type="submit"
          size="lg"
          className={styles.submit}
          loading={form.isPending}
          disabled={!form.coin}
        >
          {t('transfer.submit')}
        </Button>
      </form>
    </>
  );
}
