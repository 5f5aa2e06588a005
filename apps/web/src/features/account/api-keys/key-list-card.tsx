import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApiKeyRow } from '@oryx/contracts/apikeys/calls';
import { formatExchangeTime } from '@oryx/contracts/time';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Table, type Column } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useApiKeys, useDeleteApiKey, useSetApiKeyEnabled } from '../api/api-keys';
import page from '../account.module.css';
import styles from './api-keys.module.css';

/** The user's keys: label, key, permissions, addresses, dates, state; disable / enable and delete. */
export function KeyListCard() {
  const { t } = useTranslation('apikeys');
  const keys = useApiKeys();
  const remove = useDeleteApiKey();
  const setEnabled = useSetApiKeyEnabled();

  const onDelete = async (id: number) => {
    if (!(await confirm({ message: t('confirmDelete'), danger: true }))) return;
    remove.mutate(id, { onSuccess: () => toast.success(t('deleted')) });
  };

  const columns = keyColumns(t, (k) => (
    <span className={styles.rowActions}>
      <Button
        variant="ghost"
        size="sm"
        loading={setEnabled.isPending && setEnabled.variables?.id === k.id}
        onClick={() =>
          setEnabled.mutate(
            { id: k.id, isEnabled: !k.is_enabled },
            { onSuccess: () => toast.success(t('saved')) },
          )
        }
      >
        {k.is_enabled ? t('disable') : t('enable')}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => void onDelete(k.id)}>
        {t('delete')}
      </Button>
    </span>
  ));

  return (
    <section className={page.card} data-testid="api-key-list">
      <h2 className={page.sectionTitle}>{t('listTitle')}</h2>
      <Table
        columns={columns}
        rows={keys.data}
        rowKey={(k) => k.id}
        loading={keys.isPending}
        error={keys.error}
        onRetry={() => void keys.refetch()}
        emptyText={t('empty')}
        cards
        aria-label={t('listTitle')}
      />
    </section>
  );
}

/** The list's columns; `actions` renders a row's buttons. */
function keyColumns(t: TFunction<'apikeys'>, actions: (k: ApiKeyRow) => ReactNode): Column<ApiKeyRow>[] {
  return [
    { key: 'label', title: t('label') },
    { key: 'api_key', title: t('apiKey'), render: (k) => <code className={styles.key}>{k.api_key}</code> },
    {
      key: 'permissions',
      title: t('permissions'),
      render: (k) => `${k.permissions.join(', ')}${k.kind === 'ed25519' ? ' · Ed25519' : ''}`,
    },
    { key: 'ip_whitelist', title: t('ips'), render: (k) => k.ip_whitelist.join(', ') || '—' },
    { key: 'created_at', title: t('created_at'), render: (k) => formatExchangeTime(k.created_at) },
    {
      key: 'last_used_at',
      title: t('lastUsed'),
      render: (k) => (k.last_used_at === null ? t('never') : formatExchangeTime(k.last_used_at)),
    },
    { key: 'status', title: t('status'), render: (k) => (k.is_enabled ? t('enabled') : t('disabled')) },
    { key: 'actions', title: '', align: 'right', render: actions },
  ];
}
