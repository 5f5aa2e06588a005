import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallReply } from '@oryx/contracts/call';
import type { AdminCoinsCall } from '@oryx/contracts/funding/coin-calls';
import { Button } from '@/shared/ui/button';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useCoins, useSaveCoin, useSaveNetwork } from './api/config';
import { useConsoleRole } from './role';
import { TermsDialog, type TermField } from './terms-dialog';
import styles from './console.module.css';

type Coin = CallReply<typeof AdminCoinsCall>[number];
type Editing = { kind: 'coin' | 'network'; title: string; initial: Record<string, string> } | null;

const COIN_FIELDS = [
  'deposit_open',
  'withdraw_open',
  'is_show',
  'min_deposit',
  'min_withdraw',
  'max_withdraw',
  'withdraw_fee',
  'approval_above',
] as const;
const NETWORK_FIELDS = ['is_enabled', 'confirmations', 'min_withdraw', 'fee_rate_bps'] as const;
const FLAGS = new Set(['deposit_open', 'withdraw_open', 'is_enabled']);

/** /console/coins: each coin's deposit and withdrawal terms and its networks. */
export default function CoinsPage() {
  const { t } = useTranslation('console');
  const coins = useCoins();
  const saveCoin = useSaveCoin();
  const saveNetwork = useSaveNetwork();
  const may = useConsoleRole();
  const [editing, setEditing] = useState<Editing>(null);
  const fields = useMemo(() => {
    const names = editing?.kind === 'network' ? NETWORK_FIELDS : COIN_FIELDS;
    return names.map((name): TermField => ({
      name,
      label: t(`coins.field.${name}`),
      kind: FLAGS.has(name) ? 'flag' : 'text',
      hint: name === 'is_show' ? t('coins.isShowHint') : undefined,
    }));
  }, [editing, t]);
  const done = () => {
    toast.success(t('saved'));
    setEditing(null);
  };
  const editCoin = (c: Coin) =>
    setEditing({
      kind: 'coin',
      title: c.name,
      initial: Object.fromEntries([
        ['currency_id', String(c.currency_id)],
        ...COIN_FIELDS.map((f) => [f, String(c[f])]),
      ]),
    });
  return (
    <>
      <section className={styles.card}>
        <h1 className={styles.title}>{t('coins.title')}</h1>
        <p className={styles.muted}>{t('coins.hint')}</p>
      </section>
      {coins.data?.map((c) => (
        <section key={c.currency_id} className={styles.card} data-testid={`coin-${c.name}`}>
          <div className={styles.head}>
            <h2 className={styles.sectionTitle}>
              {c.name} <span className={c.deposit_open ? styles.ok : styles.tag}>{t('coins.deposit')}</span>{' '}
              <span className={c.withdraw_open ? styles.ok : styles.tag}>{t('coins.withdraw')}</span>
            </h2>
            {may.act && (
              <Button size="sm" variant="secondary" onClick={() => editCoin(c)}>
                {t('action.edit')}
              </Button>
            )}
          </div>
          <p className={styles.muted}>
            {t('coins.summary', {
              minDeposit: c.min_deposit,
              min: c.min_withdraw,
              max: c.max_withdraw,
              fee: c.withdraw_fee,
              approval: c.approval_above,
            })}
          </p>
          <Table
            cards
            rows={c.networks}
            rowKey={(n) => n.id}
            columns={[
              { key: 'name', title: t('coins.network'), render: (n) => `${n.name} (${n.type})` },
              { key: 'chain', title: t('coins.chain') },
              { key: 'confirmations', title: t('coins.field.confirmations'), align: 'right' },
              { key: 'min_withdraw', title: t('coins.field.min_withdraw'), align: 'right' },
              { key: 'fee_rate_bps', title: t('coins.field.fee_rate_bps'), align: 'right' },
              {
                key: 'is_enabled',
                title: t('col.status'),
                render: (n) => (
                  <span className={n.is_enabled ? styles.ok : styles.tag}>
                    {n.is_enabled ? t('markets.open') : t('markets.closed')}
                  </span>
                ),
              },
              {
                key: 'x',
                title: '',
                render: (n) =>
                  may.act ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        setEditing({
                          kind: 'network',
                          title: `${c.name} · ${n.name}`,
                          initial: {
                            id: String(n.id),
                            ...Object.fromEntries(NETWORK_FIELDS.map((f) => [f, String(n[f])])),
                          },
                        })
                      }
                    >
                      {t('action.edit')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </section>
      ))}
      <TermsDialog
        title={editing?.title ?? ''}
        fields={fields}
        initial={editing?.initial ?? {}}
        open={editing !== null}
        saving={saveCoin.isPending || saveNetwork.isPending}
        onClose={() => setEditing(null)}
        onSave={(v) => {
          const input = { ...editing?.initial, ...v } as never;
          if (editing?.kind === 'network') saveNetwork.mutate(input, { onSuccess: done });
          else saveCoin.mutate(input, { onSuccess: done });
        }}
      />
    </>
  );
}
