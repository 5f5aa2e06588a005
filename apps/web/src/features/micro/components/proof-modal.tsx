import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatExchangeTime } from '@oryx/contracts/time';
import { formatPrice, usePriceDecimals } from '@/shared/market/price';
import { Modal } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';
import { useMicroProof } from '../api/get-proof';
import { proofPath } from '../paths';
import styles from '../micro.module.css';

/**
 * The settlement proof of a closed order (GET /api/microtrade/proof) in the UI's language: the open
 * and close marks (mark prices, not trades) with the last spot trade at each moment for reference, the
 * result and the rule, and a link to the full proof page (proof-page.tsx) that can be shared.
 * The server's `rule` is English only, so the rule shown is the page's own translated text. Direction
 * and result come only to the order's owner (null for anyone else), so they are shown when present.
 */
export function ProofModal({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation('micro');
  const proof = useMicroProof(orderId);
  const p = proof.data;
  const decimals = usePriceDecimals(p ? { id: p.match_id } : null);
  const trade = (id: number, ms: number) => t('proof.trade', { id, time: formatExchangeTime(ms) });
  return (
    <Modal open={orderId !== null} onClose={onClose} title={t('proof.title')} width={480}>
      {!p ? (
        proof.isLoading && <Spinner />
      ) : (
        <dl className={styles.proof} data-testid="micro-proof">
          <dt>{t('orders.pair')}</dt>
          <dd>
            {p.symbol_name} · {p.type !== null && <>{p.type === 1 ? t('orders.up') : t('orders.down')} · </>}
            {t('orders.secondsLeft', { seconds: p.seconds })}
          </dd>
          <dt>{t('proofPage.openMark')}</dt>
          <dd>
            <span className="num">{formatPrice(p.open_price, decimals)}</span>
            <small>{trade(p.open_trade_id, p.open_trade_time)}</small>
          </dd>
          <dt>{t('proofPage.endMark')}</dt>
          <dd>
            <span className="num">{formatPrice(p.end_price, decimals)}</span>
            <small>{trade(p.end_trade_id, p.end_trade_time)}</small>
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
          <dd className={styles.proofWide}>
            <small>{t('proofPage.markNote')}</small>
            <Link
              to={proofPath(p.id)}
              className={styles.link}
              onClick={onClose}
              data-testid="micro-proof-link"
            >
              {t('proofPage.open')}
            </Link>
          </dd>
        </dl>
      )}
    </Modal>
  );
}
