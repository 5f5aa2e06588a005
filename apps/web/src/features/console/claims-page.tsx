import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Modal } from '@/shared/ui/modal';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useClaims, useDecideClaim } from './api/operations';
import { formatTime } from './format';
import { useConsoleRole } from './role';
import styles from './console.module.css';

/** Asks which chain transaction a claim credits (its hash, and the network when the coin has several). */
function TxDialog({
  open,
  loading,
  onClose,
  onSubmit,
}: {
  open: boolean;
  loading: boolean;
  onClose: () => void;
  onSubmit: (tx: { tx_hash: string; type?: string }) => void;
}) {
  const { t } = useTranslation('console');
  const [hash, setHash] = useState('');
  const [network, setNetwork] = useState('');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('claims.txTitle')}
      footer={
        <Button
          variant="up"
          loading={loading}
          disabled={!hash.trim()}
          onClick={() =>
            onSubmit({ tx_hash: hash.trim(), ...(network.trim() ? { type: network.trim() } : {}) })
          }
        >
          {t('action.confirm')}
        </Button>
      }
    >
      <p className={styles.muted}>{t('claims.txHint')}</p>
      <Input
        label={t('claims.txHash')}
        value={hash}
        maxLength={200}
        autoFocus
        onChange={(e) => setHash(e.target.value)}
      />
      <Input
        label={t('claims.network')}
        value={network}
        maxLength={20}
        onChange={(e) => setNetwork(e.target.value)}
      />
    </Modal>
  );
}

/**
 * /console/claims: manual deposit claims. Confirming credits the user for one named chain transaction
 * (credited once by any path); four-eyes applies, and nobody decides a claim of their own account.
 */
export default function ClaimsPage() {
  const { t } = useTranslation('console');
  const claims = useClaims();
  const decide = useDecideClaim();
  const may = useConsoleRole();
  const [naming, setNaming] = useState<number | null>(null);
  const act = (id: number, approve: 0 | 1, tx: { tx_hash?: string; type?: string } = {}) =>
    decide.mutate(
      { id, approve, ...tx },
      {
        onSuccess: (c) => {
          setNaming(null);
          toast.success(
            c.status === 0 ? t('fourEyes.requested') : t(approve ? 'claims.confirmed' : 'claims.rejected'),
          );
        },
      },
    );
  const confirmClaim = (id: number, hasTx: boolean) => (hasTx ? act(id, 1) : setNaming(id));
  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t('claims.title')}</h1>
      <p className={styles.muted}>{t('fourEyes.hint')}</p>
      <div style={{ marginTop: 12 }}>
        <Table
          cards
          rows={claims.data}
          loading={claims.isPending}
          error={claims.error}
          rowKey={(c) => c.id}
          emptyText={t('claims.empty')}
          columns={[
            { key: 'id', title: 'ID' },
            { key: 'user_id', title: t('col.user'), render: (c) => `#${c.user_id}` },
            {
              key: 'amount',
              title: t('col.amount'),
              align: 'right',
              render: (c) => `${c.amount} ${c.currency_name}`,
            },
            { key: 'account', title: t('claims.from') },
            {
              key: 'tx',
              title: t('claims.tx'),
              render: (c) =>
                c.tx_hash ? (
                  <span className={styles.mono} title={c.tx_hash}>
                    {c.chain} · {c.tx_hash.slice(0, 12)}…
                  </span>
                ) : (
                  '—'
                ),
            },
            { key: 'created_at', title: t('col.time'), render: (c) => formatTime(c.created_at) },
            {
              key: 'status',
              title: t('col.status'),
              render: (c) => (
                <span className={c.status === 0 ? styles.warn : c.status === 1 ? styles.ok : styles.tag}>
                  {t(`claims.status${c.status as 0 | 1 | 2}`)}
                  {c.four_eyes_pending && ` · ${t('fourEyes.firstApproval')}`}
                </span>
              ),
            },
            {
              key: 'x',
              title: '',
              render: (c) =>
                may.act && c.status === 0 ? (
                  <span className={styles.actions}>
                    <Button size="sm" variant="up" onClick={() => confirmClaim(c.id, c.tx_hash !== '')}>
                      {t('action.confirm')}
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => act(c.id, 0)}>
                      {t('action.reject')}
                    </Button>
                  </span>
                ) : null,
            },
          ]}
        />
      </div>
      <TxDialog
        key={naming ?? 0}
        open={naming !== null}
        loading={decide.isPending}
        onClose={() => setNaming(null)}
        onSubmit={(tx) => naming !== null && act(naming, 1, tx)}
      />
    </section>
  );
}
