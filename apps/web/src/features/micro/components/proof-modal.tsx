import { useTranslation } from 'react-i18next';
import { formatExchangeTime } from '@oryx/contracts/time';
import { formatGrouped } from '@/shared/market/decimal';
import { Modal } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';
import { useMicroProof } from '../api/get-proof';
import styles from '../micro.module.css';

/**
 * The settlement proof of a closed order (GET /api/microtrade/proof) in the UI's language: the spot
 * trades that gave the open and close prices (ids and times, exchange time), the result and the rule.
 * The server's `rule` is English only, so the rule shown is the page's own translated text. Direction
 * and result come only to the order's owner (null for anyone else), so they are shown when present.
 */
export function ProofModal({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation('micro');
  const proof = useMicroProof(orderId);
  const p = proof.data;
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
          <dt>{t('orders.openPrice')}</dt>
          <dd>
            <span className="num">{formatGrouped(p.open_price, 4)}</span>
            <small>{trade(p.open_trade_id, p.open_trade_time)}</small>
          </dd>
          <dt>{t('orders.endPrice')}</dt>
          <dd>
            <span className="num">{formatGrouped(p.end_price, 4)}</span>
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
        </dl>
      )}
    </Modal>
  );
}
