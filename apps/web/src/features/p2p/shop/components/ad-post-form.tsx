import { useTranslation } from 'react-i18next';
import { P2P_FIATS, P2P_WAYS } from '@oryx/contracts/p2p/calls';
import type { ShopRow } from '@oryx/contracts/p2p/shop-calls';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { Select } from '@/shared/ui/select';
import { Tabs } from '@/shared/ui/tabs';
import styles from '../shop.module.css';
import { usePostAdForm, type PostAdForm } from './use-post-ad-form';

/**
 * A shop ad: side, quantity, price, per-order minimum and maximum (optional, fiat money), payment way,
 * fiat, trade password. A sell ad escrows its quantity from the shop balance.
 */
export function AdPostForm({ shop }: { shop: ShopRow }) {
  const { t } = useTranslation('shop');
  const ad = usePostAdForm(shop);
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        ad.submit();
      }}
    >
      <Tabs
        aria-label={t('field.side')}
        variant="pill"
        items={[
          { key: 'sell', label: t('post.sell', { coin: shop.currency_name }) },
          { key: 'buy', label: t('post.buy', { coin: shop.currency_name }) },
        ]}
        value={ad.type}
        onChange={ad.setType}
      />
      <AmountInputs shop={shop} ad={ad} />
      <WayAndFiat ad={ad} />
      <PasswordInput
        label={t('password.label')}
        name="trade-password"
        autoComplete="off"
        value={ad.form.password}
        onChange={ad.set('password')}
        error={ad.errors.password}
        data-testid="shop-post-password"
      />
      <p className={styles.hint}>{t(ad.type === 'sell' ? 'post.sellHint' : 'post.buyHint')}</p>
      <Button type="submit" loading={ad.isPending} data-testid="shop-post-submit">
        {t('post.submit')}
      </Button>
    </form>
  );
}

/** Quantity and price, then the optional per-order minimum and maximum (fiat money). */
function AmountInputs({ shop, ad }: { shop: ShopRow; ad: PostAdForm }) {
  const { t } = useTranslation('shop');
  const { form, errors, set, fiat } = ad;
  return (
    <>
      <div className={styles.row2}>
        <Input
          label={t('post.total')}
          inputMode="decimal"
          value={form.total}
          onChange={set('total')}
          error={errors.total}
          suffix={shop.currency_name}
          data-testid="shop-post-total"
        />
        <Input
          label={t('post.price')}
          inputMode="decimal"
          value={form.price}
          onChange={set('price')}
          error={errors.price}
          suffix={fiat}
          data-testid="shop-post-price"
        />
      </div>
      <div className={styles.row2}>
        <Input
          label={t('post.min')}
          inputMode="decimal"
          value={form.min}
          onChange={set('min')}
          error={errors.min}
          placeholder={t('post.optional')}
          suffix={fiat}
          data-testid="shop-post-min"
        />
        <Input
          label={t('post.max')}
          inputMode="decimal"
          value={form.max}
          onChange={set('max')}
          error={errors.max}
          placeholder={t('post.optional')}
          suffix={fiat}
          data-testid="shop-post-max"
        />
      </div>
    </>
  );
}

/** The payment way and the fiat of the price. */
function WayAndFiat({ ad }: { ad: PostAdForm }) {
  const { t } = useTranslation('shop');
  return (
    <div className={styles.row2}>
      <Select
        label={t('field.way')}
        value={ad.way}
        onChange={(e) => ad.setWay(e.target.value as (typeof P2P_WAYS)[number])}
      >
        {P2P_WAYS.map((w) => (
          <option key={w} value={w}>
            {t(`way.${w}`)}
          </option>
        ))}
      </Select>
      <Select
        label={t('post.fiat')}
        value={ad.fiat}
        onChange={(e) => ad.setFiat(e.target.value as (typeof P2P_FIATS)[number])}
      >
        {P2P_FIATS.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </Select>
    </div>
  );
}
