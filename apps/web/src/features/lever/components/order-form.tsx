import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LEVER_STATUS, LEVER_TYPE } from '@oryx/contracts/lever/calls';
import { formatDecimal, isPositive } from '@/shared/lib/display-decimal';
import { formatPrice, usePriceDecimals } from '@/shared/market/price';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import type { LeverDeal } from '../api/get-lever-deal';
import { useSubmitOrder } from '../api/submit-order';
import styles from '../lever.module.css';
import { leverPreview, lotsProblem } from '../preview';
import { useTradePassword } from './trade-password';

type Side = 'long' | 'short';
type Mode = 'market' | 'limit';

/** Keeps digits and one dot, at most `decimals` places. */
const cleanPrice = (raw: string, decimals = 8) => {
  const [int = '', ...rest] = raw.replace(/[^\d.]/g, '').split('.');
  return rest.length ? `${int}.${rest.join('').slice(0, decimals)}` : int;
};

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
  const navigate = useNavigate();
  const submitOrder = useSubmitOrder();
  const password = useTradePassword();
  const [side, setSide] = useState<Side>('long');
  const [mode, setMode] = useState<Mode>('market');
  const [multiple, setMultiple] = useState('');
  const [lots, setLots] = useState('');
  const [price, setPrice] = useState('');
  const busy = useRef(false);
  const decimals = usePriceDecimals(deal ? { legalId: deal.legal_id, currencyId: deal.currency_id } : null);

  // A multiple is chosen from the start: the lowest the market offers (the least risk), until the user
  // picks another; a market that does not offer the chosen one falls back to its lowest again.
  const offeredKey = (deal?.multiple.muit ?? []).map((m) => m.value).join(',');
  useEffect(() => {
    const offered = offeredKey === '' ? [] : offeredKey.split(',');
    if (offered.length > 0 && !offered.includes(multiple))
      setMultiple(offered.sort((a, b) => Number(a) - Number(b))[0]!);
  }, [offeredKey, multiple]);

  useEffect(() => {
    if (!picked) return;
    setMode('limit');
    setPrice(picked.price);
  }, [picked]);

  const min = deal?.lever_share_limit.min ?? 1;
  const max = deal?.lever_share_limit.max ?? 0;
  const problem = lotsProblem(lots, min, max);
  const problemText =
    problem?.key === 'integer'
      ? t('ui.valid.integer')
      : problem?.key === 'belowMin'
        ? t('ui.valid.lowerThan', { min: problem.min })
        : problem?.key === 'aboveMax'
          ? t('ui.valid.exceed', { max: problem.max })
          : undefined;
  const effectivePrice = mode === 'market' ? (deal?.last_price ?? '') : price;
  const preview = deal
    ? leverPreview({
        price: effectivePrice,
        lots,
        multiple: Number(multiple) || 0,
        side,
        lotSize: deal.lever_share_num,
        spread: deal.spread,
        feePercent: deal.lever_trade_fee,
        available: deal.user_lever,
        liquidationPercent: deal.liquidation_rate,
      })
    : null;

  const submit = async () => {
    if (busy.current) return;
    if (!deal) return toast.error(t('ui.valid.delisted'));
    if (!multiple) return toast.error(t('ui.valid.multiple'));
    if (mode === 'limit' && !isPositive(price)) return toast.error(t('ui.valid.price'));
    const n = /^\d+$/.test(lots.trim()) ? Number(lots.trim()) : NaN;
    if (!Number.isInteger(n) || n <= 0) return toast.error(t('ui.valid.integer'));
    if (n < min) return toast.error(t('ui.valid.notLess', { min }));
    if (max > 0 && n > max) return toast.error(t('ui.valid.notMore', { max }));
    busy.current = true;
    try {
      const sidePair = t(side === 'long' ? 'ui.form.long' : 'ui.form.short');
      const pass = await password.ask({
        title: `${sidePair} ${deal.symbol}`,
        okText: sidePair,
        body: preview && (
          <dl className={styles.summary} data-testid="lever-confirm">
            <dt>{t('ui.form.multiple')}</dt>
            <dd className="num">{multiple}x</dd>
            <dt>{t('ui.form.lots')}</dt>
            <dd className="num">{n}</dd>
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
        ),
      });
      if (pass === null) return;
      const message = await submitOrder.mutateAsync({
        legal_id: deal.legal_id,
        currency_id: deal.currency_id,
        multiple: Number(multiple),
        share: n,
        type: side === 'long' ? LEVER_TYPE.long : LEVER_TYPE.short,
        status: mode === 'market' ? LEVER_STATUS.open : LEVER_STATUS.pending,
        target_price: mode === 'market' ? '' : price,
        password: pass,
      });
      toast.success(message || t(mode === 'market' ? 'submitted' : 'pending'));
      setLots('');
      const market = `legalId=${deal.legal_id}&currencyId=${deal.currency_id}`;
      navigate(mode === 'market' ? `/leverTransactions?${market}` : `/leverList?${market}`);
    } catch {
      // The API client has shown the server's message (and handles 999 / 996 / not).
    } finally {
      busy.current = false;
    }
  };

  const money = (v: string | undefined) => (v === undefined ? '--' : `${v} ${quote}`);
  return (
    <section className={styles.card} aria-label={t('ui.form.title')} data-testid="lever-form">
      <Tabs
        variant="pill"
        aria-label={t('ui.form.side')}
        value={side}
        onChange={setSide}
        items={[
          { key: 'long', label: t('ui.form.long') },
          { key: 'short', label: t('ui.form.short') },
        ]}
      />
      <Tabs
        variant="line"
        aria-label={t('ui.form.mode')}
        value={mode}
        onChange={setMode}
        items={[
          { key: 'market', label: t('ui.form.market') },
          { key: 'limit', label: t('ui.form.limit') },
        ]}
      />
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className={styles.balanceRow}>
          <span>{t('ui.form.available')}</span>
          <span className="num" data-testid="lever-available">
            {deal ? formatDecimal(deal.user_lever, 4) : '--'} {quote}
          </span>
        </p>
        {mode === 'limit' ? (
          <Input
            label={t('ui.form.limitPrice')}
            name="lever-price"
            inputMode="decimal"
            autoComplete="off"
            value={price}
            onChange={(e) => setPrice(cleanPrice(e.target.value))}
            suffix={quote}
            data-testid="lever-price"
          />
        ) : (
          <Input
            label={t('ui.form.marketPrice')}
            name="lever-price"
            value={deal ? formatPrice(deal.last_price, decimals) : '--'}
            disabled
            readOnly
            suffix={quote}
          />
        )}
        <Select
          label={t('ui.form.multiple')}
          value={multiple}
          onChange={(e) => setMultiple(e.target.value)}
          data-testid="lever-multiple"
        >
          <option value="">{t('ui.form.chooseMultiple')}</option>
          {(deal?.multiple.muit ?? []).map((m) => (
            <option key={m.value} value={m.value}>
              {m.value}x
            </option>
          ))}
        </Select>
        <Input
          label={t('ui.form.lots')}
          name="lever-lots"
          inputMode="numeric"
          autoComplete="off"
          value={lots}
          error={problemText}
          hint={
            deal
              ? t('ui.form.lotsHint', { min, max: max > 0 ? max : '∞', size: deal.lever_share_num, base })
              : undefined
          }
          onChange={(e) => setLots(e.target.value.replace(/[^\d]/g, ''))}
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
                onClick={() => setLots(String(s.value))}
                data-testid="lever-preset"
              >
                {s.value}
              </button>
            ))}
          </div>
        )}
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
        <p className={styles.muted}>{t('ui.form.liquidationHint')}</p>
        <Button
          type="submit"
          variant={side === 'long' ? 'up' : 'down'}
          block
          disabled={submitOrder.isPending}
          data-testid="lever-submit"
        >
          {t(side === 'long' ? 'ui.form.buyLong' : 'ui.form.sellShort')}
        </Button>
      </form>
      {password.dialog}
    </section>
  );
}
