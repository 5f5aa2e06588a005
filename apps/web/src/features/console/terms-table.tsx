import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page';
import { Table, type TableProps } from '@/shared/ui/table';
import { useConsoleRole } from './role';
import styles from './console.module.css';

export interface TermsTableProps<R> extends Omit<TableProps<R>, 'cards'> {
  title: string;
  hint?: string;
  /** The add button's text and action (shown to operators who may act). */
  add?: { label: string; onClick: () => void };
  /** Each row's edit button (shown to operators who may act), as the last column. */
  onEdit?: (row: R) => void;
  /** The terms dialog and whatever else the card holds below the table. */
  children?: ReactNode;
}

/**
 * A card of terms an operator edits (earning products, seconds durations, acceptors, lever markets):
 * title, hint and add button, the table with an edit button per row, then the dialog.
 */
export function TermsTable<R>({ title, hint, add, onEdit, columns, children, ...table }: TermsTableProps<R>) {
  const { t } = useTranslation('console');
  const may = useConsoleRole();
  const editColumn = {
    key: 'x',
    title: '',
    render: (row: R) =>
      may.act ? (
        <Button size="sm" variant="secondary" onClick={() => onEdit?.(row)}>
          {t('action.edit')}
        </Button>
      ) : null,
  };
  return (
    <section className={styles.card}>
      <PageHeader
        title={title}
        subtitle={hint}
        align="center"
        className={styles.termsHead}
        actions={
          may.act && add ? (
            <Button size="sm" onClick={add.onClick}>
              {add.label}
            </Button>
          ) : null
        }
      />
      <Table cards columns={onEdit ? [...columns, editColumn] : columns} {...table} />
      {children}
    </section>
  );
}
