import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { EntrustRow } from '@oryx/contracts/spot/calls';
import { formatGrouped } from '@/shared/lib/display-decimal';
import { formatPrice, usePriceDecimalsLookup } from '@/shared/market/price';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { exactDecimal } from './amount';
import { useEntrust } from './api/get-entrust';
import { type EntrustTab } from './api/keys';
import { useRevokeEntrust } from './api/revoke-entrust';
import styles from './spot.module.css';

type Row = z.output<typeof EntrustRow>;

/** A completed row (a trade) links to its public record; an open order can be revoked. */
function RowAction({
  row,
  isTrade,
  onRevoke,
}: {
  row: Row;
  isTrade: boolean;
  onRevoke: (r: Row) => Promise<void>;
}) {
  const { t } = useTranslation('spot');
  return isTrade ? (
    <Link className="link" to={`/spot/proof/${row.id}`} data-testid="entrust-trade-record">
      {t('tradeProof.record')}
    </Link>
  ) : (
    <Button size="sm" variant="secondary" onClick={() => void onRevoke(row)} data-testid="entrust-revoke">
      {t('orders.revoke')}
    </Button>
  );
}

/**
 * /accountEntrust: my spot entrusts in three tabs (selling, buying, completed), ten a page with
 * "load more" and "no more data" at the end; open ones can be revoked after a confirmation.
 */
export default function EntrustPage() {
  const { t } = useTranslation('spot');
  const { t: tc } = useTranslation();
  const [tab, setTab] = useState<EntrustTab>('selling');
  const list = useEntrust(tab);
  const decimalsOf = usePriceDecimalsLookup();
  const revoke = useRevokeEntrust();

  const onRevoke = async (row: Row) => {
    const yes = await confirm({
      message: t('orders.revokeConfirm'),
      danger: true,
      okText: t('orders.revoke'),
    });
    if (!yes) return;
    try {
      await revoke.mutateAsync({ id: row.id, type: row.type });
      toast.success(t('orders.revoked'));
    } catch {
      // shown by the API client
    }
  };

  const columns: Column<Row>[] = [
    {
      key: 'time',
      title: tc('time.withZone', { label: t('entrust.time') }),
      render: (r) => <span className="num">{r.create_time}</span>,
    },
    { key: 'pair', title: t('entrust.pair'), render: (r) => `${r.currency_name}/${r.legal_name}` },
    {
      key: 'type',
      title: t('entrust.type'),
      render: (r) => (
        <span className={r.type === 'in' ? 'up' : 'down'}>
          {t(r.type === 'in' ? 'orders.buy' : 'orders.sell')}
        </span>
      ),
    },
    {
      key: 'price',
      title: t('entrust.price'),
      align: 'right',
      render: (r) => (
        <span className="num">
          {formatPrice(r.price, decimalsOf({ symbol: `${r.currency_name}/${r.legal_name}` }))}
        </span>
      ),
    },
    {
      key: 'number',
      title: t(tab === 'completed' ? 'entrust.traded' : 'entrust.open'),
      align: 'right',
      render: (r) => <span className="num">{exactDecimal(r.number, 4)}</span>,
    },
    {
      key: 'total',
      title: t('entrust.total'),
      align: 'right',
      render: (r) => <span className="num">{formatGrouped(r.total_money, 4)}</span>,
    },
    {
      key: 'fee',
      title: t('entrust.fee'),
      align: 'right',
      render: (r) => (
        <span className="num">
          {r.type === 'in'
            ? `${exactDecimal(r.in_fee)} ${r.currency_name}`
            : `${exactDecimal(r.out_fee)} ${r.legal_name}`}
        </span>
      ),
    },
    {
      key: 'action',
      title: '',
      align: 'right',
      render: (r) => <RowAction row={r} isTrade={tab === 'completed'} onRevoke={onRevoke} />,
    },
  ];

  return (
    <section className={styles.entrust} data-testid="entrust-page">
      <h1 className={styles.entrustTitle}>{t('entrust.title')}</h1>
      <Tabs
        variant="line"
        aria-label={t('entrust.title')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'selling', label: t('entrust.selling') },
          { key: 'buying', label: t('entrust.buying') },
          { key: 'completed', label: t('entrust.completed') },
        ]}
      />
      <Table
        {...pagedTable(list, (p) => p.list)}
        aria-label={t(`entrust.${tab}`)}
        columns={columns}
        rowKey={(r) => `${tab}-${r.id}`}
        loading={list.isLoading}
        emptyText={t('orders.empty')}
      />
    </section>
  );
}
