import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatExchangeTime } from '@oryx/contracts/time';
import { usePriceDecimals, formatPrice } from '@/shared/market/price';
import { Button } from '@/shared/ui/button';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { useMicroProof } from './api/get-proof';
import { MarkSection } from './components/mark-section';
import styles from './proof-page.module.css';

/**
 * /micro/proof/:id, the settlement proof of a closed seconds option, readable by anyone with the link
 * (the owner alone sees direction, stake and result). It says plainly that the open and close prices
 * are mark prices, not trades, and shows everything that decided each mark: the moment, the window, the
 * book snapshots, the trade participants and their weights, and the blend. The spot trade ids beside
 * them are the last trade at that moment, for reference only.
 */
export default function ProofPage() {
  const { t } = useTranslation('micro');
  const { id: rawId } = useParams();
  const id = rawId && /^\d{1,12}$/.test(rawId) ? Number(rawId) : null;
  const proof = useMicroProof(id);
  const p = proof.data;
  const decimals = usePriceDecimals(p ? { id: p.match_id } : null);

  if (id === null) return <p className={styles.page}>{t('proofPage.badId')}</p>;
  if (proof.isLoading) return <PageSpinner />;
  if (!p) return <p className={styles.page}>{t('proofPage.unavailable')}</p>;

  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success(t('proofPage.copied'));
    } catch {
      toast.error(t('proofPage.copyFailed'));
    }
  };
  const reference = (tradeId: number, ms: number) =>
    t('proofPage.reference', { id: tradeId, time: formatExchangeTime(ms) });
  return (
    <div className={styles.page} data-testid="micro-proof-page">
      <div className={styles.head}>
        <h1 className={styles.title}>{t('proofPage.title', { id: p.id })}</h1>
        <Link to="/secondsOrder" className="link">
          {t('proofPage.back')}
        </Link>
      </div>
      <p className={styles.note} data-testid="micro-proof-note">
        {t('proofPage.markNote')}
      </p>
      <section className={styles.card} aria-label={t('proofPage.summary')}>
        <dl className={styles.facts}>
          <dt>{t('orders.pair')}</dt>
          <dd>
            {p.symbol_name} · {t('orders.secondsLeft', { seconds: p.seconds })}
          </dd>
          {p.type !== null && (
            <>
              <dt>{t('orders.direction')}</dt>
              <dd className={p.type === 1 ? 'up' : 'down'}>
                {t(p.type === 1 ? 'orders.up' : 'orders.down')}
              </dd>
            </>
          )}
          {p.number !== null && (
            <>
              <dt>{t('confirm.stake')}</dt>
              <dd className="num">
                {p.number} {p.currency_name}
              </dd>
            </>
          )}
          <dt>{t('proofPage.openMark')}</dt>
          <dd>
            <span className="num" data-testid="micro-proof-open">
              {formatPrice(p.open_price, decimals)}
            </span>{' '}
            <small className={styles.muted}>{formatExchangeTime(p.opened_at)}</small>
          </dd>
          <dt>{t('proofPage.endMark')}</dt>
          <dd>
            <span className="num" data-testid="micro-proof-end">
              {formatPrice(p.end_price, decimals)}
            </span>{' '}
            <small className={styles.muted}>{formatExchangeTime(p.expires_at)}</small>
          </dd>
          {p.result !== null && (
            <>
              <dt>{t('proof.result')}</dt>
              <dd className={p.result === 'win' ? 'up' : p.result === 'loss' ? 'down' : ''}>
                {t(`orders.${p.result}`)} ({p.fact_profits} {p.currency_name})
              </dd>
            </>
          )}
          <dt>{t('proof.rule')}</dt>
          <dd>{t('panel.rule')}</dd>
        </dl>
      </section>
      {p.open_mark ? (
        <MarkSection
          title={t('proofPage.openMark')}
          mark={p.open_mark}
          decimals={decimals}
          testId="proof-open-mark"
        />
      ) : (
        <p className={styles.muted}>
          {t('proofPage.noMark', { reference: reference(p.open_trade_id, p.open_trade_time) })}
        </p>
      )}
      {p.end_mark ? (
        <MarkSection
          title={t('proofPage.endMark')}
          mark={p.end_mark}
          decimals={decimals}
          testId="proof-end-mark"
        />
      ) : (
        <p className={styles.muted}>
          {t('proofPage.noMark', { reference: reference(p.end_trade_id, p.end_trade_time) })}
        </p>
      )}
      <section className={styles.card} aria-label={t('proofPage.referenceTitle')}>
        <h2 className={styles.cardTitle}>{t('proofPage.referenceTitle')}</h2>
        <p className={styles.muted}>{reference(p.open_trade_id, p.open_trade_time)}</p>
        <p className={styles.muted}>{reference(p.end_trade_id, p.end_trade_time)}</p>
      </section>
      <section className={styles.card} aria-label={t('proofPage.share')}>
        <div className={styles.shareRow}>
          <span className={styles.url} data-testid="micro-proof-url">
            {window.location.href}
          </span>
          <Button size="sm" variant="secondary" onClick={() => void share()} data-testid="micro-proof-share">
            {t('proofPage.share')}
          </Button>
        </div>
      </section>
    </div>
  );
}
