import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AcceptorRow } from '@oryx/contracts/acceptor/calls';
import { formatGrouped, trimZeros } from '@/shared/lib/display-decimal';
import { buttonClass } from '@/shared/ui/button';
import { Skeleton } from '@/shared/ui/skeleton';
import { Tabs } from '@/shared/ui/tabs';
import { useAcceptorList } from './api/get-acceptor-list';
import { useMyAcceptor } from './api/get-mine';
import { Card, Page, PageHeader } from '@/shared/ui/page';
import styles from './acceptor.module.css';

type Kind = 'cny' | 'coin';

/** /aceite: the acceptors, CNY and virtual-coin tabs; each offers deposit and withdrawal. */
export default function AceitePage() {
  const { t } = useTranslation('acceptor');
  const [kind, setKind] = useState<Kind>('cny');
  const list = useAcceptorList(kind);
  const me = useMyAcceptor();
  return (
    <Page>
      <Card>
        <PageHeader
          title={t('list.title')}
          subtitle={t('list.subtitle')}
          shrink
          className={styles.head}
          align="start"
          actions={
            <div className={styles.links}>
              <Link
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
                to="/chargeRecord?current=0"
              >
                {t('list.records')}
              </Link>
              {me.data?.is_acceptor === 1 && (
                <Link className={buttonClass({ variant: 'secondary', size: 'sm' })} to="/acceptorDesk">
                  {t('list.desk')}
                </Link>
              )}
            </div>
          }
        />
      </Card>
      <Card>
        <Tabs
          aria-label={t('list.title')}
          items={[
            { key: 'cny', label: t('list.tabCny') },
            { key: 'coin', label: t('list.tabCoin') },
          ]}
          value={kind}
          onChange={setKind}
        />
        {list.isPending ? (
          <div className={styles.grid}>
            <Skeleton height={190} />
            <Skeleton height={190} />
          </div>
        ) : list.data && list.data.length > 0 ? (
          <div className={styles.grid} data-testid="acceptor-list">
            {list.data.map((a) => (
              <AcceptorCard key={a.id} a={a} />
            ))}
          </div>
        ) : (
          <p className={styles.denied}>{t('list.empty')}</p>
        )}
      </Card>
    </Page>
  );
}

function AcceptorCard({ a }: { a: AcceptorRow }) {
  const { t } = useTranslation('acceptor');
  const per = t('list.perCoin', { quote: a.quote_code, coin: a.currency_name });
  const limit = (min: string, max: string) => `${formatGrouped(min, 0)} – ${formatGrouped(max, 0)}`;
  return (
    <article className={styles.acceptor} data-testid={`acceptor-${a.id}`}>
      <div className={styles.head}>
        <h2 className={styles.acceptorName}>{a.name}</h2>
        <span className={styles.badge}>
          {a.currency_name} · {a.quote_code}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('list.rateIn')}</dt>
          <dd>
            {trimZeros(a.recharge_rate)} <span className={styles.small}>{per}</span>
          </dd>
        </div>
        <div>
          <dt>{t('list.rateOut')}</dt>
          <dd>
            {trimZeros(a.cash_rate)} <span className={styles.small}>{per}</span>
          </dd>
        </div>
        <div>
          <dt>{t('list.limitIn')}</dt>
          <dd>{limit(a.recharge_min, a.recharge_amount)}</dd>
        </div>
        <div>
          <dt>{t('list.limitOut')}</dt>
          <dd>{limit(a.cash_min, a.cash_amount)}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Link className={buttonClass({ variant: 'up' })} to={`/rechargeMoney?id=${a.id}&current=0`}>
          {t('list.deposit')}
        </Link>
        <Link className={buttonClass({ variant: 'down' })} to={`/rechargeMoney?id=${a.id}&current=1`}>
          {t('list.withdraw')}
        </Link>
      </div>
    </article>
  );
}
