import type { ReactNode } from 'react';
import { PageHeader } from '@/shared/ui/page';
import { Tabs, type TabItem } from '@/shared/ui/tabs';
import styles from './console.module.css';

export interface QueuePageProps<S extends string> {
  title: string;
  /** Muted lines under the title (what the queue is, the four-eyes rule). */
  hints?: readonly string[];
  /** The queue's status tabs. */
  statuses: readonly TabItem<S>[];
  status: S;
  onStatus: (status: S) => void;
  /** The table, its pager and the page's dialogs. */
  children: ReactNode;
}

/**
 * An operator queue (identity submissions, withdrawals, payouts, appeals, approvals): a card with the
 * title, its hints, the status tabs and the list below.
 */
export function QueuePage<S extends string>({
  title,
  hints = [],
  statuses,
  status,
  onStatus,
  children,
}: QueuePageProps<S>) {
  return (
    <section className={styles.card}>
      <PageHeader title={title} />
      {hints.map((hint) => (
        <p key={hint} className={styles.muted}>
          {hint}
        </p>
      ))}
      <Tabs items={statuses} value={status} onChange={onStatus} />
      {children}
    </section>
  );
}
