import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '@oryx/contracts/team/calls';
import { Skeleton } from '@/shared/ui/skeleton';
import { useTreeNode } from './api/get-node';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';

/** One member: a button that loads and shows the members they invited (one level per click). */
function Node({ node }: { node: TreeNode }) {
  const { t } = useTranslation('team');
  const [isOpen, setOpen] = useState(false);
  const children = useTreeNode(node.id, isOpen);
  return (
    <li className={styles.node}>
      <button
        type="button"
        className={styles.nodeButton}
        disabled={!node.has_children}
        aria-expanded={node.has_children ? isOpen : undefined}
        aria-label={
          node.has_children ? t(isOpen ? 'tree.collapse' : 'tree.expand', { name: node.name }) : undefined
        }
        onClick={() => setOpen((v) => !v)}
      >
        <span className={styles.caret} aria-hidden="true">
          {node.has_children ? (isOpen ? '▾' : '▸') : '•'}
        </span>
        <span className={styles.nodeName}>{node.name}</span>
        <span className={styles.nodeCount}>{t('tree.count', { count: node.team_count })}</span>
      </button>
      {isOpen &&
        (children.data ? (
          <ul className={styles.tree}>
            {children.data.results.map((c) => (
              <Node key={c.id} node={c} />
            ))}
          </ul>
        ) : (
          <Skeleton height={28} width={200} />
        ))}
    </li>
  );
}

/** /tree: the caller's team as a tree, loaded one level at a time; the team counts above. */
export default function TreePage() {
  const { t } = useTranslation('team');
  const root = useTreeNode(undefined);
  const show = root.data?.show_message;
  return (
    <div className={styles.stack}>
      <Card>
        <PageHeader title={t('tree.title')} subtitle={t('tree.hint')} shrink />
        <div className={styles.stats} style={{ marginTop: 16 }}>
          <div className={styles.stat}>
            <span className={styles.statLabel}>{t('teamCount')}</span>
            <span className={styles.statValue} data-testid="tree-team">
              {show ? show.top_upnumber : <Skeleton width={48} height={22} inline />}
            </span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statLabel}>{t('verifiedCount')}</span>
            <span className={styles.statValue} data-testid="tree-verified">
              {show ? show.real_teamnumber : <Skeleton width={48} height={22} inline />}
            </span>
          </div>
        </div>
      </Card>
      <Card aria-label={t('tree.title')}>
        <div className={styles.node}>
          <span className={styles.nodeButton}>
            <span className={styles.caret} aria-hidden="true">
              ★
            </span>
            {t('tree.me')}
          </span>
        </div>
        {!root.data ? (
          <Skeleton height={80} />
        ) : root.data.results.length === 0 ? (
          <p className={styles.empty}>{t('tree.empty')}</p>
        ) : (
          <ul className={styles.tree}>
            {root.data.results.map((n) => (
              <Node key={n.id} node={n} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
