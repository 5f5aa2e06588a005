import { useTranslation } from 'react-i18next';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useMarkets, useSetMarket, useSetMicroMarket } from './api/markets';
import { useConsoleRole } from './role';
import styles from './console.module.css';

/**
 * /console/markets: each market's switches. Spot and display take effect at once (the engine reloads
 * them; resting orders stay); seconds stops new options (open ones still settle).
 */
export default function MarketsPage() {
  const { t } = useTranslation('console');
  const markets = useMarkets();
  const setSpot = useSetMarket();
  const setMicro = useSetMicroMarket();
  const may = useConsoleRole();
  const done = (m: unknown) => toast.success(typeof m === 'string' ? m : t('saved'));

  const toggle = (label: string, on: boolean, onChange: (v: 0 | 1) => void) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        aria-label={label}
        checked={on}
        disabled={!may.act}
        onChange={(e) => onChange(e.target.checked ? 1 : 0)}
      />
      <span className={on ? styles.ok : styles.tag}>{on ? t('markets.open') : t('markets.closed')}</span>
    </label>
  );

  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t('markets.title')}</h1>
      <p className={styles.muted}>{t('markets.hint')}</p>
      <div style={{ marginTop: 12 }}>
        <Table
          cards
          rows={markets.data}
          loading={markets.isPending}
          error={markets.error}
          rowKey={(m) => m.id}
          columns={[
            { key: 'symbol', title: t('col.market') },
            {
              key: 'is_display',
              title: t('markets.display'),
              render: (m) =>
                toggle(`${m.symbol} ${t('markets.display')}`, m.is_display === 1, (v) =>
                  setSpot.mutate({ id: m.id, is_display: v }, { onSuccess: done }),
                ),
            },
            {
              key: 'spot',
              title: t('markets.spot'),
              render: (m) =>
                toggle(`${m.symbol} ${t('markets.spot')}`, m.open_coin_trade === 1, (v) =>
                  setSpot.mutate({ id: m.id, open_coin_trade: v }, { onSuccess: done }),
                ),
            },
            {
              key: 'seconds',
              title: t('markets.seconds'),
              render: (m) =>
                toggle(`${m.symbol} ${t('markets.seconds')}`, m.open_microtrade === 1, (v) =>
                  setMicro.mutate({ id: m.id, open_microtrade: v }, { onSuccess: () => done(null) }),
                ),
            },
            {
              key: 'lever',
              title: t('markets.lever'),
              render: (m) => (
                <span className={m.open_lever === 1 ? styles.ok : styles.tag}>
                  {m.open_lever === 1 ? t('markets.open') : t('markets.closed')}
                </span>
              ),
            },
            {
              key: 'fees',
              title: t('markets.fees'),
              align: 'right',
              render: (m) => `${m.maker_fee_bps} / ${m.taker_fee_bps} bps`,
            },
          ]}
        />
      </div>
    </section>
  );
}
