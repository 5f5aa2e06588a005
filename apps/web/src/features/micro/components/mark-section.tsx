import { useTranslation } from 'react-i18next';
import type { MicroProof } from '@oryx/contracts/micro/calls';
import { formatExchangeTime } from '@oryx/contracts/time';
import { formatGrouped } from '@/shared/lib/display-decimal';
import { formatPrice } from '@/shared/market/price';
import { bpsText, minorText, readMarkInputs } from '../mark-inputs';
import styles from '../proof-page.module.css';

const METHODS = ['book', 'stale_book', 'trades', 'last_trade', 'none'] as const;
type MicroMarkProof = NonNullable<MicroProof['open_mark']>;

/**
 * One mark price of a proof and everything that decided it: the moment, the method, the recorded
 * settings and window, the book snapshots (impact mid and the mid after clipping to the band), the
 * median and band, the anonymous trade participants with their capped weights, and the blend.
 */
export function MarkSection({
  title,
  mark,
  decimals,
  testId,
}: {
  title: string;
  mark: MicroMarkProof;
  decimals: number | undefined;
  testId: string;
}) {
  const { t } = useTranslation('micro');
  const m = readMarkInputs(mark);
  const scale = mark.minor_scale;
  const price = (v: bigint) => formatPrice(minorText(v, scale), decimals);
  const volume = (v: bigint) => formatGrouped(minorText(v, scale), 2);
  const method = METHODS.find((x) => x === mark.method) ?? 'none';
  const seconds = (ms: number) => formatGrouped(String(ms / 1000), 0);
  return (
    <section className={styles.card} aria-label={title} data-testid={testId}>
      <h2 className={styles.cardTitle}>
        {title}: <span className="num">{formatPrice(mark.price, decimals)}</span>
      </h2>
      <dl className={styles.facts}>
        <dt>{t('proofPage.at')}</dt>
        <dd className="num">{formatExchangeTime(mark.at_ms)}</dd>
        <dt>{t('proofPage.method')}</dt>
        <dd data-testid={`${testId}-method`}>{t(`proofPage.methods.${method}`)}</dd>
        {m.window && (
          <>
            <dt>{t('proofPage.window')}</dt>
            <dd className="num">
              {t('proofPage.windowValue', {
                from: formatExchangeTime(m.window.from_ms_exclusive),
                to: formatExchangeTime(m.window.to_ms),
              })}
            </dd>
          </>
        )}
        {m.rule && (
          <>
            <dt>{t('proofPage.settings')}</dt>
            <dd>
              {t('proofPage.settingsValue', {
                window: seconds(m.rule.window_ms),
                band: bpsText(m.rule.band_bps),
                impact: volume(m.rule.impact_quote_minor),
                weight: bpsText(m.rule.trade_weight_bps),
                cap: bpsText(m.rule.user_cap_bps),
              })}
            </dd>
          </>
        )}
        {m.median_minor !== null && (
          <>
            <dt>{t('proofPage.median')}</dt>
            <dd className="num">{price(m.median_minor)}</dd>
          </>
        )}
        {m.band_minor && (
          <>
            <dt>{t('proofPage.band')}</dt>
            <dd className="num">
              {price(m.band_minor[0])} – {price(m.band_minor[1])}
            </dd>
          </>
        )}
        {m.book_price_minor !== null && (
          <>
            <dt>{t('proofPage.bookPart')}</dt>
            <dd className="num">{price(m.book_price_minor)}</dd>
          </>
        )}
        {m.trade_price_minor !== null && (
          <>
            <dt>{t('proofPage.tradePart')}</dt>
            <dd className="num">{price(m.trade_price_minor)}</dd>
          </>
        )}
        {m.trade_share_bps !== null && (
          <>
            <dt>{t('proofPage.tradeShare')}</dt>
            <dd className="num" data-testid={`${testId}-share`}>
              {bpsText(m.trade_share_bps)} %
            </dd>
          </>
        )}
        {m.last_trade_id !== null && (
          <>
            <dt>{t('proofPage.lastTrade')}</dt>
            <dd className="num">#{m.last_trade_id}</dd>
          </>
        )}
      </dl>

      <h3 className={styles.subTitle}>{t('proofPage.snapshots', { count: m.books.length })}</h3>
      {m.books.length === 0 ? (
        <p className={styles.muted}>{t('proofPage.noSnapshots')}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table} data-testid={`${testId}-snapshots`}>
            <thead>
              <tr>
                <th>{t('proofPage.time')}</th>
                <th className={styles.right}>{t('proofPage.mid')}</th>
                <th className={styles.right}>{t('proofPage.clipped')}</th>
              </tr>
            </thead>
            <tbody>
              {m.books.map((b) => (
                <tr key={b.id}>
                  <td className="num">{formatExchangeTime(b.at_ms)}</td>
                  <td className={`num ${styles.right}`}>{price(b.mid_minor)}</td>
                  <td className={`num ${styles.right}`}>{price(b.clipped_minor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className={styles.subTitle}>{t('proofPage.participants', { count: m.participants.length })}</h3>
      {m.participants.length === 0 ? (
        <p className={styles.muted}>{t('proofPage.noTrades')}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table} data-testid={`${testId}-participants`}>
            <thead>
              <tr>
                <th>{t('proofPage.account')}</th>
                <th className={styles.right}>{t('proofPage.volume')}</th>
                <th className={styles.right}>{t('proofPage.price')}</th>
                <th className={styles.right}>{t('proofPage.weight')}</th>
              </tr>
            </thead>
            <tbody>
              {m.participants.map((p) => (
                <tr key={p.n}>
                  <td>{t('proofPage.accountN', { n: p.n })}</td>
                  <td className={`num ${styles.right}`}>{volume(p.volume_minor)}</td>
                  <td className={`num ${styles.right}`}>{price(p.price_minor)}</td>
                  <td className={`num ${styles.right}`}>{volume(p.weight_minor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
