import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '@/shared/session/session';
import { Tabs } from '@/shared/ui/tabs';
import { type Deal } from '../api/get-deal';
import styles from '../spot.module.css';
import { OrderForm } from './order-form';
import { type OrderFormProps } from './use-order-form';
import { type TradeMode } from './use-submit-order';

/** The trade panel: market-price and fixed-price tabs, a buy form and a sell form side by side. */
export function TradePanel({ deal, picked }: { deal: Deal; picked: OrderFormProps['picked'] }) {
  const { t } = useTranslation('spot');
  const loggedIn = useIsLoggedIn();
  const [mode, setMode] = useState<TradeMode>('fixed');
  return (
    <section className={styles.card} aria-label={t('panel.title')} data-testid="spot-panel">
      <div className={styles.panelHead}>
        <Tabs
          variant="line"
          aria-label={t('panel.title')}
          value={mode}
          onChange={setMode}
          items={[
            { key: 'fixed', label: t('panel.fixed') },
            { key: 'market', label: t('panel.market') },
          ]}
        />
        {!loggedIn && <span className={styles.muted}>{t('panel.loginPrompt')}</span>}
      </div>
      <div className={styles.forms}>
        <OrderForm side="buy" mode={mode} deal={deal} picked={picked} key={`buy-${deal.match_id}`} />
        <OrderForm side="sell" mode={mode} deal={deal} picked={picked} key={`sell-${deal.match_id}`} />
      </div>
      <p className={styles.rule}>
        {t('panel.fees', {
          maker: (deal.maker_fee_bps / 100).toFixed(2),
          taker: (deal.taker_fee_bps / 100).toFixed(2),
        })}
      </p>
    </section>
  );
}
