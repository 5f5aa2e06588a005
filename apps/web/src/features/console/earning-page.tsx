import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useEarningConfig, useSaveProduct } from './api/config';
import { TermsDialog, type TermField } from './terms-dialog';
import { TermsTable } from './terms-table';
import styles from './console.module.css';

/** /console/earning: deposit-earning products (new deposits only) and the currencies that can be deposited. */
export default function EarningPage() {
  const { t } = useTranslation('console');
  const config = useEarningConfig();
  const save = useSaveProduct();
  const [editing, setEditing] = useState<Record<string, string> | null>(null);
  const fields: TermField[] = useMemo(
    () => [
      { name: 'day', label: t('earning.day') },
      { name: 'rate', label: t('earning.rate') },
      { name: 'sort', label: t('earning.sort') },
      { name: 'is_open', label: t('earning.open'), kind: 'flag' },
    ],
    [t],
  );
  return (
    <>
      <TermsTable
        title={t('earning.title')}
        hint={t('earning.hint')}
        add={{
          label: t('earning.add'),
          onClick: () => setEditing({ day: '', rate: '', sort: '', is_open: '1' }),
        }}
        rows={config.data?.products}
        loading={config.isPending}
        error={config.error}
        rowKey={(p) => p.id}
        columns={[
          { key: 'id', title: 'ID' },
          { key: 'day', title: t('earning.day'), align: 'right' },
          { key: 'rate', title: t('earning.rate'), align: 'right', render: (p) => `${p.rate} %` },
          {
            key: 'is_open',
            title: t('col.status'),
            render: (p) => (
              <span className={p.is_open ? styles.ok : styles.tag}>
                {p.is_open ? t('markets.open') : t('markets.closed')}
              </span>
            ),
          },
        ]}
        onEdit={(p) =>
          setEditing({
            id: String(p.id),
            day: String(p.day),
            rate: p.rate,
            sort: String(p.sort),
            is_open: String(p.is_open),
          })
        }
      />
      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t('earning.currencies')}</h2>
        <Table
          cards
          rows={config.data?.currencies}
          loading={config.isPending}
          rowKey={(c) => c.currency_id}
          columns={[
            { key: 'name', title: t('col.currency') },
            { key: 'min', title: t('earning.min'), align: 'right' },
            {
              key: 'is_open',
              title: t('col.status'),
              render: (c) => (
                <span className={c.is_open ? styles.ok : styles.tag}>
                  {c.is_open ? t('markets.open') : t('markets.closed')}
                </span>
              ),
            },
          ]}
        />
      </section>
      <TermsDialog
        title={t('earning.title')}
        fields={fields}
        initial={editing ?? {}}
        open={editing !== null}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(v) => {
          const input: Record<string, string> = { ...editing, ...v };
          if (!input.id) delete input.id;
          if (!input.sort) delete input.sort;
          save.mutate(input as never, {
            onSuccess: () => {
              toast.success(t('saved'));
              setEditing(null);
            },
          });
        }}
      />
    </>
  );
}
