import { useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLeverMarket, AdminLeverTermsRequest } from '@oryx/contracts/lever/calls';
import { Button } from '@/shared/ui/button';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useDecideLeverTerms, useLeverTermsRequests } from './api/lever-terms';
import { useLeverConfig, useSaveLeverMarket } from './api/terms';
import { formatTime } from './format';
import { ConsoleRoleContext, useConsoleRole } from './role';
import { TermsDialog, type TermField } from './terms-dialog';
import { TermsTable } from './terms-table';
import styles from './console.module.css';

const toInitial = (m: AdminLeverMarket): Record<string, string> => ({
  market_id: String(m.market_id),
  open_lever: String(m.open_lever),
  lever_share_num: m.lever_share_num,
  spread: m.spread,
  lever_trade_fee: m.lever_trade_fee,
  overnight: m.overnight,
  min_share: String(m.min_share),
  max_share: String(m.max_share),
  multiples: m.multiples.join(','),
  share_presets: m.share_presets.join(','),
  liquidation_rate: m.liquidation_rate,
  max_open: String(m.max_open),
});

/** The terms a request changes, as `name: before → after` (every field when there was nothing before). */
function changesOf(r: AdminLeverTermsRequest): string[] {
  const out: string[] = [];
  for (const key of Object.keys(r.terms) as (keyof AdminLeverMarket)[]) {
    if (key === 'market_id' || key === 'symbol') continue;
    const after = String(r.terms[key]);
    const before = r.before ? String(r.before[key]) : '';
    if (before !== after) out.push(`${key}: ${before === '' ? '' : `${before} → `}${after}`);
  }
  return out;
}

/**
 * Changes waiting for a second operator, and the latest decided. The proposer may withdraw (reject) a
 * change; only another operator may approve it.
 */
function TermsRequests() {
  const { t } = useTranslation('console');
  const list = useLeverTermsRequests();
  const decide = useDecideLeverTerms();
  const may = useConsoleRole();
  const me = useContext(ConsoleRoleContext)?.user_id;
  const act = (id: number, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => toast.success(t(decision === 'approve' ? 'leverage.approved' : 'leverage.rejected')),
      },
    );
  return (
    <div style={{ marginTop: 20 }} data-testid="lever-terms-requests">
      <h2 className={styles.title}>{t('leverage.requests')}</h2>
      <p className={styles.muted}>{t('leverage.requestsHint')}</p>
      <Table
        cards
        rows={list.data?.data}
        loading={list.isPending}
        error={list.error}
        rowKey={(r) => r.id}
        emptyText={t('leverage.noRequests')}
        columns={[
          { key: 'symbol', title: t('col.market') },
          {
            key: 'terms',
            title: t('leverage.change'),
            render: (r) => (
              <span className={styles.mono}>
                {changesOf(r).map((line) => (
                  <span key={line} style={{ display: 'block' }}>
                    {line}
                  </span>
                ))}
              </span>
            ),
          },
          {
            key: 'who',
            title: t('approvals.requested'),
            render: (r) => `${r.requested_by_name ?? `#${r.requested_by}`} · ${formatTime(r.requested_at)}`,
          },
          {
            key: 'status',
            title: t('col.status'),
            render: (r) => (
              <span
                className={
                  r.status === 'pending' ? styles.warn : r.status === 'approved' ? styles.ok : styles.tag
                }
              >
                {t(`approvals.${r.status}`)}
                {r.decided_by !== null && ` · #${r.decided_by}`}
              </span>
            ),
          },
          {
            key: 'x',
            title: '',
            render: (r) =>
              may.act && r.status === 'pending' ? (
                <span className={styles.actions}>
                  {r.requested_by !== me && (
                    <Button
                      size="sm"
                      variant="up"
                      disabled={decide.isPending}
                      onClick={() => act(r.id, 'approve')}
                      data-testid="lever-terms-approve"
                    >
                      {t('action.approve')}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={decide.isPending}
                    onClick={() => act(r.id, 'reject')}
                    data-testid="lever-terms-reject"
                  >
                    {r.requested_by === me ? t('leverage.withdraw') : t('action.reject')}
                  </Button>
                </span>
              ) : null,
          },
        ]}
      />
    </div>
  );
}

/**
 * /console/leverage: each market's leverage terms (new orders only; open positions keep theirs). A
 * change is proposed here and carried out when a second operator approves it.
 */
export default function LeveragePage() {
  const { t } = useTranslation('console');
  const config = useLeverConfig();
  const save = useSaveLeverMarket();
  const [editing, setEditing] = useState<AdminLeverMarket | null>(null);
  const fields: TermField[] = useMemo(
    () => [
      { name: 'open_lever', label: t('leverage.open'), kind: 'flag' },
      { name: 'lever_share_num', label: t('leverage.lot') },
      { name: 'spread', label: t('leverage.spread') },
      { name: 'lever_trade_fee', label: t('leverage.fee') },
      { name: 'overnight', label: t('leverage.overnight') },
      { name: 'min_share', label: t('leverage.minLots') },
      { name: 'max_share', label: t('leverage.maxLots') },
      { name: 'multiples', label: t('leverage.multiples'), hint: '5,10,20,50,100,150' },
      { name: 'share_presets', label: t('leverage.presets') },
      { name: 'liquidation_rate', label: t('leverage.liquidation') },
      { name: 'max_open', label: t('leverage.maxOpen') },
    ],
    [t],
  );
  const initial = useMemo(() => (editing ? toInitial(editing) : {}), [editing]);
  return (
    <TermsTable
      title={t('leverage.title')}
      hint={t('leverage.hint')}
      rows={config.data}
      loading={config.isPending}
      error={config.error}
      rowKey={(m) => m.market_id}
      columns={[
        { key: 'symbol', title: t('col.market') },
        {
          key: 'open_lever',
          title: t('col.status'),
          render: (m) => (
            <span className={m.open_lever ? styles.ok : styles.tag}>
              {m.open_lever ? t('markets.open') : t('markets.closed')}
            </span>
          ),
        },
        { key: 'spread', title: t('leverage.spread'), render: (m) => `${m.spread} %` },
        { key: 'lever_trade_fee', title: t('leverage.fee'), render: (m) => `${m.lever_trade_fee} %` },
        { key: 'overnight', title: t('leverage.overnight'), render: (m) => `${m.overnight} %` },
        { key: 'lots', title: t('leverage.lots'), render: (m) => `${m.min_share} – ${m.max_share}` },
        { key: 'multiples', title: t('leverage.multiples'), render: (m) => m.multiples.join(', ') },
        {
          key: 'liquidation_rate',
          title: t('leverage.liquidation'),
          render: (m) => `${m.liquidation_rate} %`,
        },
      ]}
      onEdit={(m) => setEditing(m)}
    >
      <TermsDialog
        title={editing ? `${editing.symbol} · ${t('leverage.title')}` : ''}
        fields={fields}
        initial={initial}
        open={editing !== null}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(v) =>
          save.mutate({ ...initial, ...v } as never, {
            onSuccess: () => {
              toast.success(t('leverage.proposed'));
              setEditing(null);
            },
          })
        }
      />
      <TermsRequests />
    </TermsTable>
  );
}
