import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { P2P_FIATS, P2P_WAYS } from '@oryx/contracts/p2p/calls';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { RequireSession } from '@/shared/session/require-session';
import { Select } from '@/shared/ui/select';
import { Skeleton } from '@/shared/ui/skeleton';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useMyShops } from './api/get-my-shops';
import { usePostAd } from './api/post-ad';
import { checkAmount } from './components/amount';
import { trim } from './components/amount';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './shop.module.css';

type Field = 'total' | 'price' | 'min' | 'max' | 'password';
const EMPTY = { total: '', price: '', min: '', max: '', password: '' };

/**
 * `/legalTradeSet?id=<shop>`: post a shop ad: side, quantity, price, per-order minimum and maximum
 * (optional, fiat money), payment way, fiat, trade password. A sell ad escrows its quantity from the shop balance.
 */
export default function LegalTradeSetPage() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const shops = useMyShops();
  const wanted = Number(useSearchParams()[0].get('id')) || 0;
  const list = shops.data?.data ?? [];
  const shop = list.find((s) => s.id === wanted) ?? list[0];
  const post = usePostAd();
  const [type, setType] = useState<'sell' | 'buy'>('sell');
  const [way, setWay] = useState<(typeof P2P_WAYS)[number]>('bank');
  const [fiat, setFiat] = useState<(typeof P2P_FIATS)[number]>('CNY');
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (f: Field) => (e: { target: { value: string } }) => {
    setForm({ ...form, [f]: e.target.value.trim() });
    setErrors({ ...errors, [f]: undefined });
  };
  const submit = () => {
    if (!shop) return;
    const next: Partial<Record<Field, string>> = {};
    const total = checkAmount(form.total, 8);
    const price = checkAmount(form.price, 2);
    if (total) next.total = t(total);
    if (price) next.price = t(price);
    for (const f of ['min', 'max'] as const) {
      // The per-order limits are fiat money, like the price.
      const p = form[f] === '' ? null : checkAmount(form[f], 2);
      if (p) next[f] = t(p);
    }
    if (!form.password) next.password = t('password.required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    post.mutate(
      {
        type,
        way,
        coin_code: fiat,
        currency_id: shop.currency_id,
        total_number: form.total,
        price: form.price,
        min_number: form.min,
        max_number: form.max,
        password: form.password,
      },
      {
        onSuccess: (m) => {
          toast.success(m);
          navigate(`/legalShopDetail?id=${shop.id}`);
        },
        onError: () => setForm({ ...form, password: '' }),
      },
    );
  };
  return (
    <RequireSession>
      <div className={styles.page}>
        <Card padding="md">
          <PageHeader
            title={t('post.title')}
            subtitle={
              shop
                ? t('post.subtitle', {
                    shop: shop.name,
                    balance: trim(shop.legal_balance),
                    coin: shop.currency_name,
                  })
                : ''
            }
            shrink
            className={styles.head}
            actions={
              <Link className={styles.link} to="/myLegalShops">
                {t('nav.myShops')}
              </Link>
            }
          />
        </Card>
        <Card padding="md">
          {shops.isPending && <Skeleton width="50%" />}
          {!shops.isPending && !shop && <p className={styles.subtitle}>{t('mine.none')}</p>}
          {shop && (
            <form
              className={styles.form}
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Tabs
                aria-label={t('field.side')}
                variant="pill"
                items={[
                  { key: 'sell', label: t('post.sell', { coin: shop.currency_name }) },
                  { key: 'buy', label: t('post.buy', { coin: shop.currency_name }) },
                ]}
                value={type}
                onChange={setType}
              />
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
              <div className={styles.row2}>
                <Select
                  label={t('field.way')}
                  value={way}
                  onChange={(e) => setWay(e.target.value as typeof way)}
                >
                  {P2P_WAYS.map((w) => (
                    <option key={w} value={w}>
                      {t(`way.${w}`)}
                    </option>
                  ))}
                </Select>
                <Select
                  label={t('post.fiat')}
                  value={fiat}
                  onChange={(e) => setFiat(e.target.value as typeof fiat)}
                >
                  {P2P_FIATS.map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
                </Select>
              </div>
              <PasswordInput
                label={t('password.label')}
                name="trade-password"
                autoComplete="off"
                value={form.password}
                onChange={set('password')}
                error={errors.password}
                data-testid="shop-post-password"
              />
              <p className={styles.hint}>{t(type === 'sell' ? 'post.sellHint' : 'post.buyHint')}</p>
              <Button type="submit" loading={post.isPending} data-testid="shop-post-submit">
                {t('post.submit')}
              </Button>
            </form>
          )}
        </Card>
      </div>
    </RequireSession>
  );
}
