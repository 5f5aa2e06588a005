import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ShopDealDetail } from '@oryx/contracts/p2p/shop-calls';
import { AppealAnswer } from '@/shared/deal-chat/appeal-answer';
import { DealChat } from '@/shared/deal-chat/deal-chat';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Skeleton } from '@/shared/ui/skeleton';
import { toast } from '@/shared/ui/toast';
import { useDealMove, type DealMove } from '../api/act-on-deal';
import { useDeal } from '../api/get-deal';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from '../shop.module.css';
import { DealStatus } from './status';
import { useTradePassword } from './trade-password';
import { trim } from './amount';

function useCountdown(until: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (until === null) return '';
  const left = Math.max(0, Math.floor((until - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}

/** The moves the viewer may make now (the deal state table, from the viewer's side, `my_side`). */
function movesFor(d: ShopDealDetail): DealMove[] {
  if (d.is_sure === 0 && d.my_side === 'buy') return ['pay', 'cancel'];
  if (d.is_sure === 3 && d.my_side === 'sell') return [d.is_seller ? 'sure' : 'userSure', 'appeal'];
  if (d.is_sure === 3) return ['appeal'];
  return [];
}

function CashLines({ info, title }: { info: ShopDealDetail['sell_cash_info']; title: string }) {
  const { t } = useTranslation('shop');
  const lines: [string, string][] = [
    [t('cash.name'), info.real_name],
    [t('cash.bank'), [info.bank_name, info.bank_account].filter(Boolean).join(' · ')],
    [t('cash.alipay'), info.alipay_account],
    [t('cash.wechat'), info.wechat_account],
  ];
  return (
    <Card padding="md">
      <h2 className={styles.sectionTitle}>{title}</h2>
      <dl className={styles.lines}>
        {lines.map(([k, v]) => (
          <Fragment key={k}>
            <dt>{k}</dt>
            <dd className={styles.num}>{v || '—'}</dd>
          </Fragment>
        ))}
      </dl>
    </Card>
  );
}

/**
 * One shop deal as one of its parties sees it: amounts, state, time left to pay, the other party's
 * payment details and the moves the state table allows the viewer (pay, cancel, confirm, appeal).
 */
export function DealView({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation('shop');
  const deal = useDeal(id);
  const move = useDealMove();
  const password = useTradePassword();
  const left = useCountdown(deal.data?.expires_at ?? null);
  if (deal.isLoading) {
    return (
      <Card padding="md">
        <Skeleton width="40%" />
        <Skeleton width="70%" />
      </Card>
    );
  }
  if (!deal.data) {
    return (
      <Card padding="md">
        <PageHeader title={title} subtitle={t('deal.notFound')} shrink />
      </Card>
    );
  }
  const d = deal.data;
  const run = async (m: DealMove) => {
    let pw = '';
    if (m === 'appeal') {
      if (!(await confirm({ title: t('move.appeal'), message: t('deal.appealAsk') }))) return;
    } else {
      const got = await password.ask({
        title: t(`move.${m}`),
        body: <p className={styles.hint}>{t(`deal.ask.${m}`)}</p>,
      });
      if (got === null) return;
      pw = got;
    }
    move.mutate({ move: m, id: d.id, password: pw }, { onSuccess: (msg) => toast.success(msg) });
  };
  const iBuy = d.my_side === 'buy';
  // The reply names the ad's owner (the shop) in `sell_cash_info` and the taker in `user_cash_info`,
  // whichever side the ad is on: the other party is the taker for the shop, the shop for the taker.
  const other = d.is_seller ? d.user_cash_info : d.sell_cash_info;
  return (
    <>
      <Card padding="md">
        <div className={styles.head}>
          <div>
            <h1 className={styles.title}>
              {title} <span className={styles.muted}>#{d.id}</span>
            </h1>
            <p className={styles.subtitle}>
              {t(iBuy ? 'deal.youBuy' : 'deal.youSell', { coin: d.currency_name })} · {d.format_create_time}
            </p>
          </div>
          <DealStatus value={d.is_sure} />
        </div>
      </Card>
      <Card padding="md">
        <div className={styles.stats}>
          <Stat label={t('field.amount')} value={trim(d.number)} unit={d.currency_name} />
          <Stat label={t('field.price')} value={d.price} unit={d.coin_code} />
          <Stat label={t('field.total')} value={d.deal_money} unit={d.coin_code} />
          <Stat label={t('field.way')} value={d.way_name} />
        </div>
        {d.expires_at !== null && (
          <p className={styles.hint} data-spaced="">
            {t(iBuy ? 'deal.payWithin' : 'deal.buyerHas', { time: left })}
          </p>
        )}
        {d.is_sure === 3 && (
          <p className={styles.hint} data-spaced="">
            {t(iBuy ? 'deal.waitSeller' : 'deal.checkReceived')}
          </p>
        )}
        {d.is_sure === 4 && (
          <p className={styles.hint} data-spaced="">
            {t('deal.frozen')}
          </p>
        )}
        <dl className={styles.lines} data-spaced="">
          <dt>{t('field.counterpart')}</dt>
          <dd>
            {d.is_seller === 0 && d.seller_id > 0 ? (
              <Link className={styles.link} to={`/legalSeller?id=${d.seller_id}`}>
                {d.seller_name}
              </Link>
            ) : (
              other.real_name || other.account_number
            )}
          </dd>
          <dt>{t('field.paidAt')}</dt>
          <dd className={styles.num}>{d.payment_at || '—'}</dd>
          <dt>{t('field.doneAt')}</dt>
          <dd className={styles.num}>{d.comp_at || '—'}</dd>
        </dl>
        {movesFor(d).length > 0 && (
          <div className={styles.actions} data-spaced="">
            {movesFor(d).map((m) => (
              <Button
                key={m}
                variant={m === 'cancel' || m === 'appeal' ? 'secondary' : 'primary'}
                loading={move.isPending && move.variables?.move === m}
                onClick={() => void run(m)}
                data-testid={`shop-move-${m}`}
              >
                {t(`move.${m}`)}
              </Button>
            ))}
          </div>
        )}
      </Card>
      <CashLines info={other} title={t(iBuy ? 'deal.payTo' : 'deal.payFrom')} />
      <AppealAnswer dealId={d.id} state={d.is_sure} />
      <DealChat dealId={d.id} />
      {password.dialog}
    </>
  );
}

export function Stat({
  label,
  value,
  unit,
  testId,
}: {
  label: string;
  value: string;
  unit?: string;
  testId?: string;
}) {
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue} data-testid={testId}>
        {value}
        {unit && <span className={styles.statUnit}> {unit}</span>}
      </span>
    </div>
  );
}
