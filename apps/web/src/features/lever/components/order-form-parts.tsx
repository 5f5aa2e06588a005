import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/shared/market/price';
import { Input } from '@/shared/ui/input';
import type { LeverDeal } from '../api/get-lever-deal';
import styles from '../lever.module.css';
import type { LeverOrderForm } from './use-lever-order-form';

interface PartProps {
  deal: LeverDeal | undefined;
  form: LeverOrderForm;
  quote: string;
}

/** What the trade password dialog shows of the order: multiple, lots, price, margin, fee, liquidation. */
export function ConfirmSummary({ form, lots, quote }: { form: LeverOrderForm; lots: number; quote: string }) {
  const { t } = useTranslation('lever');
  const { preview, multiple, mode, effectivePrice, decimals } = form;
  if (!preview) return null;
  return (
    <dl className={styles.summary} data-testid="lever-confirm">
      <dt>{t('ui.form.multiple')}</dt>
      <dd className="num">{multiple}x</dd>
      <dt>{t('ui.form.lots')}</dt>
      <dd className="num">{lots}</dd>
      <dt>{t(mode === 'market' ? 'ui.form.marketPrice' : 'ui.form.limitPrice')}</dt>
      <dd className="num">
        {formatPrice(effectivePrice, decimals)} {quote}
      </dd>
      <dt>{t('ui.form.margin')}</dt>
      <dd className="num">
        {preview.margin} {quote}
      </dd>
      <dt>{t('ui.form.fee')}</dt>
      <dd className="num">
        {preview.fee} {quote}
      </dd>
      <dt>{t('ui.form.liquidation')}</dt>
      <dd className="num">
        {preview.liquidation ? `${preview.liquidation} ${quote}` : t('ui.form.noLiquidation')}
      </dd>
    </dl>
  );
}

/** The limit price field, or the market price it opens near (read only). */
export function PriceField({ deal, form, quote }: PartProps) {
  const { t } = useTranslation('lever');
  return form.mode === 'limit' ? (
    <Input
      label={t('ui.form.limitPrice')}
      name="lever-price"
      inputMode="decimal"
      autoComplete="off"
      value={form.price}
      onChange={(e) => form.onPrice(e.target.value)}
      suffix={quote}
      data-testid="lever-price"
    />
  ) : (
    <Input
      label={t('ui.form.marketPrice')}
      name="lever-price"
      value={deal ? formatPrice(deal.last_price, form.decimals) : '--'}
      disabled
      readOnly
      suffix={quote}
    />
  );
}

/** Whole lots, with the market's limits as a hint and its preset lot counts. */
export function LotsField({ deal, form, base }: Omit<PartProps, 'quote'> & { base: string }) {
  const { t } = useTranslation('lever');
  const { lots, min, max } = form;
  return (
    <>
      <Input
        label={t('ui.form.lots')}
        name="lever-lots"
        inputMode="numeric"
        autoComplete="off"
        value={lots}
        error={form.problemText}
        hint={
          deal
            ? t('ui.form.lotsHint', { min, max: max > 0 ? max : '∞', size: deal.lever_share_num, base })
            : undefined
        }
        onChange={(e) => form.onLots(e.target.value)}
        data-testid="lever-lots"
      />
      {(deal?.multiple.share.length ?? 0) > 0 && (
        <div className={styles.presets} role="group" aria-label={t('ui.form.presets')}>
          {deal!.multiple.share.map((s) => (
            <button
              key={s.value}
              type="button"
              className={styles.preset}
              aria-pressed={lots === String(s.value)}
              onClick={() => form.setLots(String(s.value))}
              data-testid="lever-preset"
            >
              {s.value}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

/** The live estimate: open price, total, margin, fee and liquidation price. */
export function PreviewList({ form, quote }: Omit<PartProps, 'deal'>) {
  const { t } = useTranslation('lever');
  const { preview } = form;
  const money = (v: string | undefined) => (v === undefined ? '--' : `${v} ${quote}`);
  return (
    <dl className={styles.summary} data-testid="lever-preview">
      <dt>{t('ui.form.openPrice')}</dt>
      <dd className="num" data-testid="lever-preview-open">
        {money(preview?.openPrice)}
      </dd>
      <dt>{t('ui.form.total')}</dt>
      <dd className="num" data-testid="lever-preview-total">
        {money(preview?.total)}
      </dd>
      <dt>{t('ui.form.margin')}</dt>
      <dd className="num" data-testid="lever-preview-margin">
        {money(preview?.margin)}
      </dd>
      <dt>{t('ui.form.fee')}</dt>
      <dd className="num" data-testid="lever-preview-fee">
        {money(preview?.fee)}
      </dd>
      <dt title={t('ui.form.liquidationHint')}>{t('ui.form.liquidation')}</dt>
      <dd className="num" data-testid="lever-preview-liquidation">
        {preview === null
          ? '--'
          : preview.liquidation
            ? money(preview.liquidation)
            : t('ui.form.noLiquidation')}
      </dd>
    </dl>
  );
}
