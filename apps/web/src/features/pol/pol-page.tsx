import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMinor } from '@oryx/pol-verify';
import type { PolProofFile, PolSnapshot } from '@oryx/contracts/pol/calls';
import { formatExchangeTime } from '@oryx/contracts/time';
import { useIsLoggedIn } from '@/shared/session/session';
import { Button } from '@/shared/ui/button';
import { PageSpinner } from '@/shared/ui/spinner';
import { usePolProofs } from './api/get-proof';
import { usePolSnapshots } from './api/get-snapshots';
import { checkProof, downloadProof, type ProofCheck } from './check-proof';
import styles from './pol.module.css';

function SnapshotCard({ s }: { s: PolSnapshot }) {
  const { t } = useTranslation('pol');
  return (
    <section className={styles.card} data-testid="pol-snapshot">
      <h3 className={styles.cardTitle}>
        {t('snapshot', { id: s.id })} <small className={styles.muted}>{formatExchangeTime(s.taken_at)}</small>
      </h3>
      <p className={styles.muted}>
        {t(s.trigger === 'operator' ? 'trigger.operator' : 'trigger.schedule')} ·{' '}
        {t('users', { count: s.user_count })}
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('currency')}</th>
              <th className={styles.right}>{t('total')}</th>
              <th className={styles.right}>{t('leaves')}</th>
              <th>{t('root')}</th>
            </tr>
          </thead>
          <tbody>
            {s.currencies.map((c) => (
              <tr key={c.currency_id}>
                <td>{c.currency}</td>
                <td className={`${styles.right} num`} data-label={t('total')}>
                  {formatMinor(BigInt(c.total_minor), c.scale)}
                </td>
                <td className={`${styles.right} num`} data-label={t('leaves')}>
                  {c.leaf_count}
                </td>
                <td>
                  <code className={styles.hash} title={c.root_hash}>
                    {c.root_hash}
                  </code>
                  {c.system_accounts.length > 0 && (
                    <details className={styles.system}>
                      <summary>{t('system')}</summary>
                      <ul>
                        {c.system_accounts.map((a) => (
                          <li key={a.account}>
                            <span>{a.account}</span>
                            <span className="num">
                              {formatMinor(BigInt(a.balance_minor.replace('-', '')), c.scale)}
                            </span>
                            {a.balance_minor.startsWith('-') && (
                              <span className={styles.muted}> ({t('negative')})</span>
                            )}
                          </li>
                        ))}
                      </ul>
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ProofRow({ proof, root }: { proof: PolProofFile; root: string | undefined }) {
  const { t } = useTranslation('pol');
  const [check, setCheck] = useState<ProofCheck | 'busy' | null>(null);
  const run = async () => {
    setCheck('busy');
    setCheck(await checkProof(proof, root));
  };
  return (
    <li className={styles.proof} data-testid="pol-proof">
      <span className={styles.proofCurrency}>{proof.currency.name}</span>
      <span className="num">{formatMinor(BigInt(proof.leaf.balance_minor), proof.currency.scale)}</span>
      <span className={styles.proofActions}>
        <Button size="sm" variant="secondary" onClick={() => downloadProof(proof)}>
          {t('download')}
        </Button>
        <Button size="sm" onClick={run} disabled={check === 'busy'} data-testid="pol-check">
          {check === 'busy' ? t('checking') : t('check')}
        </Button>
      </span>
      {check && check !== 'busy' && (
        <span className={check.ok ? styles.ok : styles.failed} data-testid="pol-result">
          {check.ok
            ? t('ok', { amount: check.amount, currency: proof.currency.name })
            : t('failed', { reason: check.reason })}
        </span>
      )}
    </li>
  );
}

function MyProof({ snapshot }: { snapshot: PolSnapshot }) {
  const { t } = useTranslation('pol');
  const proofs = usePolProofs(snapshot.id);
  if (proofs.isLoading) return <PageSpinner />;
  const list = proofs.data?.proofs ?? [];
  if (list.length === 0) return <p className={styles.muted}>{t('noLeaves')}</p>;
  return (
    <ul className={styles.proofs}>
      {list.map((p) => (
        <ProofRow
          key={p.currency.id}
          proof={p}
          root={snapshot.currencies.find((c) => c.currency_id === p.currency.id)?.root_hash}
        />
      ))}
    </ul>
  );
}

/**
 * /pol, proof of liabilities: the published snapshots (roots, totals, system accounts) for anyone, and
 * for a logged-in user their own proof per currency, downloadable and checked here in the browser.
 */
export default function PolPage() {
  const { t } = useTranslation('pol');
  const isLoggedIn = useIsLoggedIn();
  const snapshots = usePolSnapshots();
  const list = snapshots.data ?? [];
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = list.find((s) => s.id === chosenId) ?? list[0];
  if (snapshots.isLoading) return <PageSpinner />;
  return (
    <div className={styles.page} data-testid="pol-page">
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.note}>{t('intro')}</p>
      <section className={styles.card} aria-label={t('yourProof')}>
        <h2 className={styles.cardTitle}>{t('yourProof')}</h2>
        {!isLoggedIn && (
          <p className={styles.muted}>
            {t('loginToCheck')}{' '}
            <Link className="link" to="/components/login">
              {t('login')}
            </Link>
          </p>
        )}
        {isLoggedIn && chosen && (
          <>
            <label className={styles.choose}>
              {t('chooseSnapshot')}
              <select value={chosen.id} onChange={(e) => setChosenId(Number(e.target.value))}>
                {list.map((s) => (
                  <option key={s.id} value={s.id}>
                    {t('snapshot', { id: s.id })} · {formatExchangeTime(s.taken_at)}
                  </option>
                ))}
              </select>
            </label>
            <MyProof key={chosen.id} snapshot={chosen} />
          </>
        )}
        <p className={styles.muted}>{t('offline')}</p>
        <code className={styles.command}>npx oryx-pol-verify proof.json --root &lt;root&gt;</code>
      </section>
      <h2 className={styles.sectionTitle}>{t('snapshots')}</h2>
      {list.length === 0 && <p className={styles.muted}>{t('none')}</p>}
      {list.map((s) => (
        <SnapshotCard key={s.id} s={s} />
      ))}
    </div>
  );
}
