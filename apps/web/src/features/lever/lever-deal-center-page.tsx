import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CandleChart } from '@/shared/chart/candle-chart';
import { changeSign, formatChange } from '@/shared/lib/display-decimal';
import { formatPrice } from '@/shared/market/price';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { useQuotation, type QuotationItem } from '@/shared/market/quotation';
import { Select } from '@/shared/ui/select';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { RequireSession } from '@/shared/session/require-session';
import { PageSpinner } from '@/shared/ui/spinner';
import { useLeverDeal } from './api/get-lever-deal';
import { useLeverDepth, useLeverPushes } from './api/lever-pushes';
import { LeverBook } from './components/lever-book';
import { MyPositions } from './components/my-positions';
import { OrderForm } from './components/order-form';
import styles from './lever.module.css';

/** The chart's price scale (as the spot chart). */
const PRICE_SCALE = 100_000;

const isLeverMarket = (q: QuotationItem) => q.open_lever === 1 && q.is_display === 1;

/**
 * /leverdealCenter?legalId=&currencyId=: leveraged trading of one market (screen 8): chart, the 8 + 8
 * book, the market picker (markets with lever terms), the order form and the caller's orders. Without
 * a query the first lever market opens. A session is required: the deal call is a user's.
 */
export default function LeverDealCenterPage() {
  return (
    <RequireSession>
      <LeverDealCenter />
    </RequireSession>
  );
}

function LeverDealCenter() {
  const { t } = useTranslation('lever');
  const [params, setParams] = useSearchParams();
  const quotation = useQuotation();
  const markets = useMemo(
    () => (quotation.data ?? []).flatMap((g) => g.quotation.filter(isLeverMarket)),
    [quotation.data],
  );
  const legalId = Number(params.get('legalId')) || 0;
  const currencyId = Number(params.get('currencyId')) || 0;
  const asked = legalId > 0 || currencyId > 0;
  // Without a query: the market chosen last (stored as the trade pages' legal_id / currency_id), else the first.
  const storedLegal = Number(storage.get(STORAGE_KEYS.legalId));
  const storedCurrency = Number(storage.get(STORAGE_KEYS.currencyId));
  const item = asked
    ? markets.find((q) => q.legal_id === legalId && q.currency_id === currencyId)
    : (markets.find((q) => q.legal_id === storedLegal && q.currency_id === storedCurrency) ?? markets[0]);
  useEffect(() => {
    if (!asked || !item) return;
    storage.set(STORAGE_KEYS.legalId, String(item.legal_id));
    storage.set(STORAGE_KEYS.currencyId, String(item.currency_id));
    storage.set(STORAGE_KEYS.legalName, item.legal_name);
    storage.set(STORAGE_KEYS.currencyName, item.currency_name);
  }, [asked, item]);
  const deal = useLeverDeal(item?.legal_id ?? 0, item?.currency_id ?? 0);
  useLeverPushes();
  useLeverDepth(item?.legal_id ?? 0, item?.currency_id ?? 0);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const phone = useMediaQuery('(max-width: 799px)');

  if (quotation.isLoading) return <PageSpinner />;
  const quote = item?.legal_name ?? '';
  const base = item?.currency_name ?? '';
  const data = item ? deal.data : undefined;
  const select = (id: string) => {
    const q = markets.find((m) => String(m.id) === id);
    if (q) setParams({ legalId: String(q.legal_id), currencyId: String(q.currency_id) });
  };
  const sign = item ? changeSign(item.change) : 0;
  return (
    <div className={styles.page} data-testid="lever-deal-center">
      <section className={`${styles.card} ${styles.head}`}>
        <Select
          aria-label={t('ui.market.choose')}
          value={item ? String(item.id) : ''}
          onChange={(e) => select(e.target.value)}
          fieldClassName={styles.marketSelect}
          data-testid="lever-market"
        >
          {!item && <option value="">{t('ui.market.choose')}</option>}
          {markets.map((q) => (
            <option key={q.id} value={q.id}>
              {q.currency_name}/{q.legal_name}
            </option>
          ))}
        </Select>
        {item ? (
          <dl className={styles.ticker}>
            <div>
              <dt>{t('ui.market.last')}</dt>
              <dd className="num" data-testid="lever-ticker-last">
                {formatPrice(data?.last_price ?? item.now_price, item.price_decimals)}
              </dd>
            </div>
            <div>
              <dt>{t('ui.market.change')}</dt>
              <dd className={`num ${sign > 0 ? 'up' : sign < 0 ? 'down' : ''}`}>
                {formatChange(item.change)}
              </dd>
            </div>
            {data && (
              <>
                <div>
                  <dt>{t('ui.market.lotSize')}</dt>
                  <dd className="num">
                    {data.lever_share_num} {base}
                  </dd>
                </div>
                <div>
                  <dt>{t('ui.market.spread')}</dt>
                  <dd className="num">{data.spread}%</dd>
                </div>
                <div>
                  <dt>{t('ui.market.fee')}</dt>
                  <dd className="num">{data.lever_trade_fee}%</dd>
                </div>
                <div>
                  <dt>{t('ui.market.overnight')}</dt>
                  <dd className="num">{data.overnight}%</dd>
                </div>
              </>
            )}
          </dl>
        ) : (
          <p className={styles.warn} role="alert" data-testid="lever-delisted">
            {t('ui.valid.delisted')}
          </p>
        )}
      </section>
      <div className={styles.dealGrid}>
        <section className={`${styles.card} ${styles.areaChart}`} aria-label={t('ui.chart.title')}>
          {item && (
            <CandleChart
              symbol={`${item.currency_name}/${item.legal_name}`}
              priceScale={PRICE_SCALE}
              priceDecimals={item.price_decimals}
              noDataText={t('ui.chart.noData')}
              intervalsLabel={t('ui.chart.intervals')}
              height={phone ? 280 : 420}
            />
          )}
        </section>
        <div className={styles.areaBook}>
          <LeverBook
            deal={data}
            quote={quote}
            base={base}
            onPick={(price) => setPicked({ price, at: Date.now() })}
          />
        </div>
        <div className={styles.areaForm}>
          <OrderForm deal={data} quote={quote} base={base} picked={picked} key={item?.id ?? 0} />
        </div>
        <div className={styles.areaOrders}>
          <MyPositions deal={data} loading={Boolean(item) && deal.isLoading} />
        </div>
      </div>
    </div>
  );
}
