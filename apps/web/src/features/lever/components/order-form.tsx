import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Select } from '@/shared/ui/select';
import { Tabs } from '@/shared/ui/tabs';
import type { LeverDeal } from '../api/get-lever-deal';
import styles from '../lever.module.css';
import { LotsField, PreviewList, PriceField } from './order-form-parts';
import { useLeverOrderForm, type LeverOrderForm } from './use-lever-order-form';
import { usePlaceLeverOrder } from './use-place-lever-order';

/**
 * The lever order form: long or short, market (opens at the mark ± spread) or limit (rests at a price),
 * the multiplier among the market's offered multiples, whole lots with the presets, and the live
 * estimate of the margin and fee (preview.ts). The order goes out after the trade password.
 */
export function OrderForm({
  deal,
  quote,
  base,
  picked,
}: {
  /** Undefined while the market is missing (delisted): submitting says to switch pairs. */
  deal: LeverDeal | undefined;
  quote: string;
  base: string;
  picked: { price: string; at: number } | null;
}) {
  const { t } = useTranslation('lever');
  const form = useLeverOrderForm(deal, picked);
  const place = usePlaceLeverOrder(deal, quote);
  const { side } = form;
  return (
    <section className={styles.card} aria-label={t('ui.form.title')} data-testid="lever-form">
      <SideAndMode form={form} />
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void place.submit(form);
        }}
      >
        <p className={styles.balanceRow}>
          <span>{t('ui.form.available')}</span>
          <span className="num" data-testid="lever-available">
            {deal ? formatDecimal(deal.user_lever, 4) : '--'} {quote}
          </span>
        </p>
        <PriceField deal={deal} form={form} quote={quote} />
        <MultipleSelect deal={deal} form={form} />
        <LotsField deal={deal} form={form} base={base} />
        <PreviewList form={form} quote={quote} />
        <p className={styles.muted}>{t('ui.form.liquidationHint')}</p>
        <Button
          type="submit"
          variant={side === 'long' ? 'up' : 'down'}
          block
          disabled={place.isPending}
          data-testid="lever-submit"
        >
          {t(side === 'long' ? 'ui.form.buyLong' : 'ui.form.sellShort')}
        </Button>
      </form>
      {place.dialog}
    </section>
  );
}

/** Long or short, market or limit. */
function SideAndMode({ form }: { form: LeverOrderForm }) {
  const { t } = useTranslation('lever');
  return (
    <>
      <Tabs
        variant="pill"
        aria-label={t('ui.form.side')}
        value={form.side}
        onChange={form.setSide}
        items={[
          { key: 'long', label: t('ui.form.long') },
          { key: 'short', label: t('ui.form.short') },
        ]}
      />
      <Tabs
        variant="line"
        aria-label={t('ui.form.mode')}
        value={form.mode}
        onChange={form.setMode}
        items={[
          { key: 'market', label: t('ui.form.market') },
          { key: 'limit', label: t('ui.form.limit') },
        ]}
      />
    </>
  );
}

/** The multiple, among those the market offers. */
function MultipleSelect({ deal, form }: { deal: LeverDeal | undefined; form: LeverOrderForm }) {
  const { t } = useTranslation('lever');
  return (
    <Select
      label={t('ui.form.multiple')}
      value={form.multiple}
      onChange={(e) => form.setMultiple(e.target.value)}
      data-testid="lever-multiple"
    >
      <option value="">{t('ui.form.chooseMultiple')}</option>
      {(deal?.multiple.muit ?? []).map((m) => (
        <option key={m.value} value={m.value}>
          {m.value}x
        </option>
      ))}
    </Select>
  );
}
