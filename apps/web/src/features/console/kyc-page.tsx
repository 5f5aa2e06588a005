import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useKycApprove, useKycList, useKycReject } from './api/operations';
import { formatTime } from './format';
import { QueuePage } from './queue-page';
import { Pager } from './pager';
import { RejectDialog } from './reject-dialog';
import { useConsoleRole } from './role';
import styles from './console.module.css';

type Status = '1' | '2' | '3';

/** /console/kyc: identity submissions with their three images; approve, or reject with a reason. */
export default function KycPage() {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<Status>('1');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const list = useKycList(Number(status), page);
  const approve = useKycApprove();
  const reject = useKycReject();
  const may = useConsoleRole();

  return (
    <QueuePage
      title={t('kyc.title')}
      statuses={(['1', '2', '3'] as const).map((k) => ({ key: k, label: t(`kyc.status${k}`) }))}
      status={status}
      onStatus={(k) => {
        setStatus(k);
        setPage(1);
      }}
    >
      <Table
        cards
        rows={list.data?.data}
        loading={list.isPending}
        error={list.error}
        rowKey={(s) => s.id}
        emptyText={t('kyc.empty')}
        columns={[
          { key: 'user', title: t('col.user'), render: (s) => `#${s.user_id} ${s.account_number}` },
          { key: 'name', title: t('kyc.name') },
          { key: 'card_id', title: t('kyc.card') },
          {
            key: 'images',
            title: t('kyc.images'),
            render: (s) => (
              <span className={styles.images}>
                {[s.front_pic, s.reverse_pic, s.hand_pic].map((src, i) => (
                  <a key={src + i} href={src} target="_blank" rel="noreferrer">
                    <img src={src} alt={t(`kyc.image${i as 0 | 1 | 2}`)} loading="lazy" />
                  </a>
                ))}
              </span>
            ),
          },
          { key: 'created_at', title: t('col.time'), render: (s) => formatTime(s.created_at) },
          {
            key: 'x',
            title: '',
            render: (s) =>
              may.act && s.status === 1 ? (
                <span className={styles.actions}>
                  <Button
                    size="sm"
                    variant="up"
                    loading={approve.isPending && approve.variables?.id === s.id}
                    onClick={() => approve.mutate({ id: s.id }, { onSuccess: (m) => toast.success(m) })}
                  >
                    {t('action.approve')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setRejecting(s.id)}>
                    {t('action.reject')}
                  </Button>
                </span>
              ) : (
                s.reason && <span className={styles.muted}>{s.reason}</span>
              ),
          },
        ]}
      />
      <Pager page={page} total={list.data?.total ?? 0} size={20} onPage={setPage} />
      <RejectDialog
        open={rejecting !== null}
        loading={reject.isPending}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) =>
          reject.mutate(
            { id: rejecting!, reason },
            {
              onSuccess: (m) => {
                toast.success(m);
                setRejecting(null);
              },
            },
          )
        }
      />
    </QueuePage>
  );
}
