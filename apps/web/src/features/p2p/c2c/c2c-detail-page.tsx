import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDecimal } from '@/shared/lib/display-decimal';
import { PageSpinner } from '@/shared/ui/spinner';
import { AppealAnswer } from '@/shared/deal-chat/appeal-answer';
import { DealChat } from '@/shared/deal-chat/deal-chat';
import { RequireSession } from '@/shared/session/require-session';
import { useC2cPushes } from './api/c2c-pushes';
import { useDeal, type C2cDeal } from './api/get-deal';
import { C2cNav } from './components/c2c-nav';
import { CashCard } from './components/cash-card';
import { DealActions } from './components/deal-actions';
import { statusLabel, statusTone } from './components/labels';
import { PrivateImage } from './components/private-image';
import { TimeLeft } from './components/time-left';
import slotStyles from '@/shared/ui/image-slots.module.css';
import styles from './c2c.module.css';

/**
 * /c2cDetail?id=<deal id>: one deal for either party: the terms, both parties' payment details (the
 * buyer pays to the seller's: "Pay to" names the account holder, never an e-mail address), the time
 * left to pay, the voucher and the appeal, and what the viewer can do now. Pushes (`c2c_deal`) reload
 * it when the other party moves. Below: the other party's answer to an appeal (or the form to give it)
 * and the chat between the two parties (shared/deal-chat).
 */
export default function C2cDetailPage() {
  return (
    <RequireSession>
      <C2cDetail />
    </RequireSession>
  );
}

function C2cDetail() {
  const { t } = useTranslation('c2c');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const deal = useDeal(id);
  useC2cPushes();
  if (deal.isLoading) return <PageSpinner />;
  if (!deal.data) {
    return (
      <div className={styles.page}>
        <C2cNav />
        <section className={styles.card}>
          <p>{t('detail.missing')}</p>
          <Link className={styles.link} to="/c2cOrder">
            {t('detail.toOrders')}
          </Link>
        </section>
      </div>
    );
  }
  const d = deal.data;
  const { seller, buyer } = parties(d);
  return (
    <div className={styles.page} data-testid="c2c-detail">
      <C2cNav />
      <section className={styles.card}>
        <div className={styles.cardHead}>
          <h1 className={styles.pageTitle}>
            {t(d.my_side === 'buy' ? 'detail.titleBuy' : 'detail.titleSell', { coin: d.currency_name })}
          </h1>
          <span
            className={`${styles.badge} ${styles[`badge_${statusTone(d.is_sure)}`]}`}
            data-testid="c2c-status"
          >
            {statusLabel(t, d.is_sure)}
          </span>
        </div>
        {d.expires_at !== null && <TimeLeft until={d.expires_at} onEnd={() => void deal.refetch()} />}
        <Facts deal={d} />
      </section>
      <DealActions deal={d} />
      <div className={styles.forms}>
        <CashCard
          title={t('detail.sellerCash', { name: seller.cash.real_name || seller.name })}
          cash={seller.cash}
          way={d.way}
          testId="c2c-seller-cash"
        />
        <CashCard title={t('detail.buyerCash')} cash={buyer.cash} way={d.way} testId="c2c-buyer-cash" />
      </div>
      <Evidence deal={d} />
      <AppealAnswer dealId={d.id} state={d.is_sure} />
      <DealChat dealId={d.id} />
    </div>
  );
}

/**
 * The seller and the buyer of a deal. The reply names the ad's owner (`seller_name`, `seller_phone`,
 * `sell_cash_info`) and the taker (`phone`, `user_cash_info`); `type` is the ad's side, so the owner
 * sells on a sell ad and the taker sells on a buy ad.
 */
function parties(d: C2cDeal) {
  const owner = { name: d.seller_name, phone: d.seller_phone, cash: d.sell_cash_info };
  const taker = { name: '', phone: d.phone, cash: d.user_cash_info };
  return d.type === 'sell' ? { seller: owner, buyer: taker } : { seller: taker, buyer: owner };
}

function Facts({ deal: d }: { deal: C2cDeal }) {
  const { t } = useTranslation('c2c');
  const rows: [string, string][] = [
    [t('detail.number'), `#${d.id}`],
    [t('table.amount'), `${d.number} ${d.currency_name}`],
    [t('table.price'), `${formatDecimal(d.price, 2)} ${d.coin_code}`],
    [t('table.money'), `${formatDecimal(d.deal_money, 2)} ${d.coin_code}`],
    [t('table.fee'), `${d.out_fee} ${d.currency_name}`],
    [t('table.way'), d.way_name],
    [t('table.time'), d.format_create_time],
    [t('detail.sellerPhone'), parties(d).seller.phone || '—'],
  ];
  return (
    <dl className={`${styles.facts} ${styles.facts_grid}`}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd className="num">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Evidence({ deal: d }: { deal: C2cDeal }) {
  const { t } = useTranslation('c2c');
  if (!d.pay_voucher && !d.appeal) return null;
  return (
    <section className={styles.card} data-testid="c2c-evidence">
      {d.pay_voucher && (
        <>
          <h2 className={styles.cardTitle}>{t('detail.voucher')}</h2>
          <div className={slotStyles.slots}>
            <PrivateImage url={d.pay_voucher} alt={t('detail.voucher')} />
          </div>
        </>
      )}
      {d.appeal && (
        <>
          <h2 className={styles.cardTitle}>{t('appeal.by', { who: t(`appeal.${d.appeal.by}`) })}</h2>
          <p className={styles.note}>{d.appeal.note}</p>
          <div className={slotStyles.slots}>
            {d.appeal.images.map((url, i) => (
              <PrivateImage key={url} url={url} alt={t('image.alt', { n: i + 1 })} />
            ))}
          </div>
          <p className={styles.muted} data-testid="c2c-appeal-result">
            {d.appeal.result === null ? t('appeal.pending') : t(`appeal.result_${d.appeal.result}`)}
          </p>
        </>
      )}
    </section>
  );
}
