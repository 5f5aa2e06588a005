import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AcceptorRow } from '@oryx/contracts/acceptor/calls';
import { toast } from '@/shared/ui/toast';
import { fetchAcceptor, useAcceptors, useSaveAcceptor } from './api/business';
import { TermsDialog, type TermField } from './terms-dialog';
import { TermsTable } from './terms-table';
import { AcceptorDeals, AcceptorDisputes } from './acceptor-deals';

const BLANK: Record<string, string> = {
  user_id: '',
  kind: 'cny',
  name: '',
  quote_code: 'CNY',
  currency_id: '1',
  recharge_rate: '',
  recharge_min: '',
  recharge_amount: '',
  cash_rate: '',
  cash_min: '',
  cash_amount: '',
  wechat_nickname: '',
  wechat_account: '',
  ali_nickname: '',
  ali_account: '',
  bank_name: '',
  bank_account: '',
  bank_address: '',
  status: '1',
};

/** /console/acceptors: the acceptors the exchange appointed; appoint a user or change an acceptor's terms. */
export default function AcceptorsPage() {
  const { t } = useTranslation('console');
  const [params] = useSearchParams();
  const list = useAcceptors();
  const save = useSaveAcceptor();
  const [editing, setEditing] = useState<Record<string, string> | null>(null);
  const fields: TermField[] = useMemo(
    () =>
      Object.keys(BLANK).map((name) =>
        name === 'status'
          ? { name, label: t('acceptors.field.status'), kind: 'flag' as const }
          : { name, label: t(`acceptors.field.${name as 'name'}`) },
      ),
    [t],
  );
  const edit = async (row: AcceptorRow) => {
    const info = await fetchAcceptor(row.id);
    const values: Record<string, string> = { ...BLANK, status: '1' };
    for (const k of Object.keys(BLANK)) {
      const v = (info as unknown as Record<string, unknown>)[k];
      if (v !== undefined && v !== null) values[k] = String(v);
    }
    setEditing(values);
  };
  return (
    <>
      <TermsTable
        title={t('acceptors.title')}
        hint={t('acceptors.hint')}
        add={{
          label: t('acceptors.appoint'),
          onClick: () => setEditing({ ...BLANK, user_id: params.get('user') ?? '' }),
        }}
        rows={list.data}
        loading={list.isPending}
        error={list.error}
        rowKey={(a) => a.id}
        emptyText={t('acceptors.empty')}
        columns={[
          { key: 'name', title: t('acceptors.field.name'), render: (a) => `${a.name} (#${a.user_id})` },
          { key: 'kind', title: t('acceptors.field.kind'), render: (a) => t(`acceptors.kind.${a.kind}`) },
          { key: 'coin', title: t('col.currency'), render: (a) => `${a.currency_name} / ${a.quote_code}` },
          {
            key: 'in',
            title: t('acceptors.deposit'),
            align: 'right',
            render: (a) => `${a.recharge_rate} · ${a.recharge_min}–${a.recharge_amount}`,
          },
          {
            key: 'out',
            title: t('acceptors.withdraw'),
            align: 'right',
            render: (a) => `${a.cash_rate} · ${a.cash_min}–${a.cash_amount}`,
          },
        ]}
        onEdit={(a) => void edit(a)}
      >
        <TermsDialog
          title={t('acceptors.title')}
          fields={fields}
          initial={editing ?? BLANK}
          open={editing !== null}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(v) =>
            save.mutate(v as never, {
              onSuccess: () => {
                toast.success(t('saved'));
                setEditing(null);
              },
            })
          }
        />
      </TermsTable>
      <AcceptorDisputes />
      <AcceptorDeals />
    </>
  );
}
