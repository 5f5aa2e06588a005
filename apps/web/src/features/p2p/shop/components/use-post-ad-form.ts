import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { P2P_FIATS, P2P_WAYS } from '@oryx/contracts/p2p/calls';
import type { ShopRow } from '@oryx/contracts/p2p/shop-calls';
import { toast } from '@/shared/ui/toast';
import { usePostAd } from '../api/post-ad';
import { checkAmount } from './amount';

export type AdField = 'total' | 'price' | 'min' | 'max' | 'password';
const EMPTY = { total: '', price: '', min: '', max: '', password: '' };

/**
 * The shop ad form's state: side, payment way, fiat, the amounts and the trade password, their checks,
 * and the post (then the shop's ads; a refusal empties the password).
 */
export function usePostAdForm(shop: ShopRow) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const post = usePostAd();
  const [type, setType] = useState<'sell' | 'buy'>('sell');
  const [way, setWay] = useState<(typeof P2P_WAYS)[number]>('bank');
  const [fiat, setFiat] = useState<(typeof P2P_FIATS)[number]>('CNY');
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<AdField, string>>>({});
  const set = (f: AdField) => (e: { target: { value: string } }) => {
    setForm({ ...form, [f]: e.target.value.trim() });
    setErrors({ ...errors, [f]: undefined });
  };
  const submit = () => {
    const next: Partial<Record<AdField, string>> = {};
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
  return { type, setType, way, setWay, fiat, setFiat, form, errors, set, submit, isPending: post.isPending };
}

export type PostAdForm = ReturnType<typeof usePostAdForm>;
