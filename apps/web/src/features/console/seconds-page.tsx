import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useMicroConfig, useSaveMicroCurrency, useSaveMicroSeconds } from './api/terms';
import { useConsoleRole } from './role';
import { TermsDialog, type TermField } from './terms-dialog';
import { TermsTable } from './terms-table';
import styles from './console.module.css';

type Editing = { kind: 'seconds' | 'currency'; initial: Record<string, string> } | null;

/** /console/seconds: durations and paying currencies of seconds options (new orders only). */
export default function SecondsPage() {
  const { t } = useTranslation('console');
  const config = useMicroConfig();
  const saveSeconds = useSaveMicroSeconds();
  const saveCurrency = useSaveMicroCurrency();
  const may = useConsoleRole();
  const [editing, setEditing] = useState<Editing>(null);

  const secondsFields: TermField[] = useMemo(
    () => [
      { name: 'seconds', label: t('seconds.seconds') },
      { name: 'profit_ratio', label: t('seconds.ratio') },
      { name: 'min_number', label: t('seconds.min') },
      { name: 'is_enabled', label: t('seconds.enabled'), kind: 'flag' },
    ],
    [t],
  );
  const currencyFields: TermField[] = useMemo(
    () => [
      { name: 'micro_trade_fee', label: t('seconds.fee') },
      { name: 'micro_min', label: t('seconds.min') },
      { name: 'micro_max', label: t('seconds.max') },
      { name: 'micro_max_open', label: t('seconds.maxOpen') },
      { name: 'micro_numbers', label: t('seconds.presets'), hint: t('seconds.presetsHint') },
      { name: 'is_enabled', label: t('seconds.enabled'), kind: 'flag' },
    ],
    [t],
  );
  const done = () => {
    toast.success(t('saved'));
    setEditing(null);
  };
  const onSave = (v: Record<string, string>) => {
    if (editing?.kind === 'seconds') {
      saveSeconds.mutate(
        {
          seconds: v.seconds ?? '',
          profit_ratio: v.profit_ratio ?? '',
          min_number: v.min_number ?? '',
          is_enabled: v.is_enabled ?? '1',
        } as never,
        { onSuccess: done },
      );
    } else if (editing) {
      saveCurrency.mutate({ ...editing.initial, ...v } as never, { onSuccess: done });
    }
  };

  return (
    <>
      <TermsTable
        title={t('seconds.title')}
        hint={t('seconds.hint')}
        add={{
          label: t('seconds.add'),
          onClick: () =>
            setEditing({
              kind: 'seconds',
              initial: { seconds: '', profit_ratio: '', min_number: '1', is_enabled: '1' },
            }),
        }}
        rows={config.data?.seconds}
        loading={config.isPending}
        error={config.error}
        rowKey={(s) => s.seconds}
        columns={[
          { key: 'seconds', title: t('seconds.seconds'), render: (s) => `${s.seconds} s` },
          { key: 'profit_ratio', title: t('seconds.ratio'), render: (s) => `${s.profit_ratio} %` },
          { key: 'min_number', title: t('seconds.min') },
          {
            key: 'is_enabled',
            title: t('col.status'),
            render: (s) => (
              <span className={s.is_enabled ? styles.ok : styles.tag}>
                {s.is_enabled ? t('markets.open') : t('markets.closed')}
              </span>
            ),
          },
        ]}
        onEdit={(s) =>
          setEditing({
            kind: 'seconds',
            initial: {
              seconds: String(s.seconds),
              profit_ratio: s.profit_ratio,
              min_number: String(s.min_number),
              is_enabled: String(s.is_enabled),
            },
          })
        }
      />
      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t('seconds.currencies')}</h2>
        <Table
          cards
          rows={config.data?.currencies}
          loading={config.isPending}
          rowKey={(c) => c.currency_id}
          columns={[
            { key: 'name', title: t('col.currency') },
            { key: 'micro_trade_fee', title: t('seconds.fee'), render: (c) => `${c.micro_trade_fee} %` },
            {
              key: 'range',
              title: t('seconds.range'),
              render: (c) => `${c.micro_min} – ${c.micro_max || '∞'}`,
            },
            { key: 'micro_max_open', title: t('seconds.maxOpen') },
            { key: 'micro_numbers', title: t('seconds.presets'), render: (c) => c.micro_numbers.join(', ') },
            {
              key: 'x',
              title: '',
              render: (c) =>
                may.act ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      setEditing({
                        kind: 'currency',
                        initial: {
                          currency_id: String(c.currency_id),
                          micro_trade_fee: c.micro_trade_fee,
                          micro_min: String(c.micro_min),
                          micro_max: String(c.micro_max),
                          micro_max_open: String(c.micro_max_open),
                          micro_numbers: c.micro_numbers.join(','),
                          is_enabled: String(c.is_enabled),
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
      <TermsDialog
        title={editing?.kind === 'currency' ? t('seconds.currencies') : t('seconds.title')}
        fields={editing?.kind === 'currency' ? currencyFields : secondsFields}
        initial={editing?.initial ?? {}}
        open={editing !== null}
        saving={saveSeconds.isPending || saveCurrency.isPending}
        onClose={() => setEditing(null)}
        onSave={onSave}
      />
    </>
  );
}
