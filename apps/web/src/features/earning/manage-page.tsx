import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { PasswordInput } from '@/shared/ui/password-input';
import { DepositPreview } from './components/deposit-preview';
import { AmountField, CoinField, DepositRules, ProductPicker } from './components/deposit-form-parts';
import { useDepositForm } from './components/use-deposit-form';
import { Card, PageHeader, cardClass } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';

/** /manage: deposit-earning: the products, the deposit form with what it pays, the guidelines. */
export default function ManagePage() {
  const { t } = useTranslation('earning');
  const form = useDepositForm();
  const { product, coin } = form;

  return (
    <div className={styles.stack}>
      <Card>
        <PageHeader
          title={t('title')}
          subtitle={t('subtitle')}
          shrink
          className={styles.head}
          actions={
            <Link className={styles.link} to="/manageList">
              {t('records')}
            </Link>
          }
        />
      </Card>
      <form
        className={`${cardClass()} ${styles.form}`}
        onSubmit={form.onSubmit}
        noValidate
        aria-label={t('title')}
      >
        <ProductPicker form={form} />
        <CoinField form={form} />
        <AmountField form={form} />
        {product && coin && (
          <DepositPreview
            product={product}
            principalMinor={form.parsed}
            scale={coin.scale}
            coin={coin.currency_name}
            nowMs={form.nowMs}
          />
        )}
        <PasswordInput
          label={t('password')}
          name="password"
          autoComplete="off"
          value={form.password}
          error={form.error === 'passwordRequired' ? t('passwordRequired') : undefined}
          onChange={(e) => form.onPassword(e.target.value)}
        />
        <Button type="submit" disabled={form.isPending || !product || !coin}>
          {t('submit')}
        </Button>
      </form>
      <DepositRules />
    </div>
  );
}
