import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrivateImage } from '@/shared/api/private-image';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Table } from '@/shared/ui/table';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useAppeals, useDecideAppeal } from './api/business';
import { formatTime } from './format';
import { Pager } from './pager';
import { useConsoleRole } from './role';
import styles from './console.module.css';

/** A deal image fetched with the operator's session (they are private to the parties and operators). */
function Evidence({ url, alt }: { url: string; alt: string }) {
  const src = usePrivateImage(url);
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={alt} />
    </a>
  ) : null;
}

/**
 * /console/appeals: disputed P2P deals (C2C and shops) with both parties' evidence; the operator
 * releases the coins to the buyer or returns them to the seller.
 */
export default function AppealsPage() {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const [page, setPage] = useState(1);
  const list = useAppeals(status, page);
  const decide = useDecideAppeal();
  const may = useConsoleRole();
  const act = async (id: number, result: 'release' | 'return') => {
    if (!(await confirm({ message: t(`appeals.confirm.${result}`) }))) return;
    decide.mutate({ id, result }, { onSuccess: () => toast.success(t(`appeals.done.${result}`)) });
  };
  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t('appeals.title')}</h1>
      <p className={styles.muted}>{t('appeals.hint')}</p>
      <Tabs
        items={(['pending', 'all'] as const).map((k) => ({ key: k, label: t(`appeals.${k}`) }))}
        value={status}
        onChange={(k) => {
          setStatus(k);
          setPage(1);
        }}
      />
      <Table
        cards
        aria-label={t('appeals.title')}
        rows={list.data?.data}
        loading={list.isPending}
        error={list.error}
        rowKey={(a) => a.id}
        emptyText={t('appeals.empty')}
        columns={[
          { key: 'id', title: t('appeals.deal'), render: (a) => `#${a.id} · ${a.kind.toUpperCase()}` },
          {
            key: 'parties',
            title: t('appeals.parties'),
            render: (a) => (
              <span>
                {t('appeals.buyer')}: {a.buyer_account}
                <br />
                {t('appeals.seller')}: {a.seller_account}
              </span>
            ),
          },
          {
            key: 'amount',
            title: t('col.amount'),
            align: 'right',
            render: (a) => `${a.number} ${a.currency_name} · ${a.deal_money} ${a.coin_code}`,
          },
          {
            key: 'appeal',
            title: t('appeals.note'),
            render: (a) => (
              <span>
                <span className={styles.tag}>{t(`appeals.by.${a.appeal.by}`)}</span> {a.appeal.note || '–'}
                <br />
                <span className={styles.muted}>{formatTime(a.appealed_at)}</span>
              </span>
            ),
          },
          {
            key: 'evidence',
            title: t('appeals.evidence'),
            render: (a) => (
              <span className={styles.images}>
                {a.pay_voucher && <Evidence url={a.pay_voucher} alt={t('appeals.voucher')} />}
                {a.appeal.images.map((u, i) => (
                  <Evidence key={u} url={u} alt={`${t('appeals.image')} ${i + 1}`} />
                ))}
              </span>
            ),
          },
          {
            key: 'x',
            title: '',
            render: (a) =>
              a.appeal.result ? (
                <span className={styles.ok}>{t(`appeals.result.${a.appeal.result}`)}</span>
              ) : may.act ? (
                <span className={styles.actions}>
                  <Button size="sm" variant="up" onClick={() => void act(a.id, 'release')}>
                    {t('appeals.release')}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => void act(a.id, 'return')}>
                    {t('appeals.return')}
                  </Button>
                </span>
              ) : null,
          },
        ]}
      />
      <Pager page={page} total={list.data?.total ?? 0} size={10} onPage={setPage} />
    </section>
  );
}
