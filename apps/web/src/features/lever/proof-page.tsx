import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { LeverProof } from '@oryx/contracts/lever/proof';
import { formatExchangeTime } from '@oryx/contracts/time';
import { Button } from '@/shared/ui/button';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { useLeverProof } from './api/get-proof';
import styles from './proof-page.module.css';

type Mark = NonNullable<LeverProof['open_mark']>;

function MarkCard({ title, mark }: { title: string; mark: Mark | null }) {
  const { t } = useTranslation('lever');
  return (
    <section className={styles.card}>
      <h2 className={styles.cardTitle}>{title}</h2>
      {mark === null ? (
        <p className={styles.muted}>{t('proofPage.noMark')}</p>
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>{t('proofPage.markPrice')}</dt>
            <dd className="num">{mark.price}</dd>
            <dt>{t('proofPage.markTime')}</dt>
            <dd>{formatExchangeTime(mark.at_ms)}</dd>
            <dt>{t('proofPage.markMethod')}</dt>
            <dd>{mark.method}</dd>
          </dl>
          <details className={styles.inputs}>
            <summary>{t('proofPage.inputs', { scale: mark.minor_scale })}</summary>
            <pre>{JSON.stringify(mark.inputs, null, 2)}</pre>
          </details>
        </>
      )}
    </section>
  );
}

/** What only the position's owner sees: direction, size, margin, fees and result. */
function OwnerFacts({ p }: { p: LeverProof }) {
  const { t } = useTranslation('lever');
  return (
    <>
      <dt>{t('proofPage.direction')}</dt>
      <dd className={p.type === 1 ? 'up' : 'down'}>
        {t(p.type === 1 ? 'proofPage.long' : 'proofPage.short')}
      </dd>
      <dt>{t('proofPage.size')}</dt>
      <dd className="num">{p.number}</dd>
      <dt>{t('proofPage.margin')}</dt>
      <dd className="num">
        {p.margin} {p.currency}
      </dd>
      <dt>{t('proofPage.fees')}</dt>
      <dd className="num">
        {p.fee} + {p.overnight} {p.currency}
      </dd>
      <dt>{t('proofPage.profits')}</dt>
      <dd className="num">
        {p.profits} {p.currency}
      </dd>
    </>
  );
}

/** Copies the page's address: the settlement record is shareable. */
function ShareButton() {
  const { t } = useTranslation('lever');
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success(t('proofPage.copied'));
    } catch {
      toast.error(t('proofPage.copyFailed'));
    }
  };
  return (
    <Button size="sm" variant="secondary" onClick={share}>
      {t('proofPage.share')}
    </Button>
  );
}

/**
 * /lever/proof/:id, the settlement record of a closed leveraged position, readable by anyone with the
 * link: the marks it opened and closed on with every input of the mark rule (window, book snapshots,
 * trades and weights), the reason and times; the owner alone sees direction, size, margin and result.
 */
export default function LeverProofPage() {
  const { t } = useTranslation('lever');
  const { id: rawId } = useParams();
  const id = rawId && /^\d{1,12}$/.test(rawId) ? Number(rawId) : null;
  const proof = useLeverProof(id);
  const p = proof.data;
  if (id === null) return <p className={styles.page}>{t('proofPage.unavailable')}</p>;
  if (proof.isLoading) return <PageSpinner />;
  if (!p) return <p className={styles.page}>{t('proofPage.unavailable')}</p>;
  const reason = t(`closeReason.${p.close_reason}`, { defaultValue: p.close_reason });
  return (
    <div className={styles.page} data-testid="lever-proof-page">
      <div className={styles.head}>
        <h1 className={styles.title}>{t('proofPage.title', { id: p.id })}</h1>
        <span className={styles.actions}>
          <ShareButton />
          <Link to="/leverRecord" className="link">
            {t('proofPage.back')}
          </Link>
        </span>
      </div>
      <section className={styles.card}>
        <dl className={styles.facts}>
          <dt>{t('proofPage.market')}</dt>
          <dd>
            {p.symbol} · {p.multiple}x
          </dd>
          <dt>{t('proofPage.reason')}</dt>
          <dd>{reason}</dd>
          <dt>{t('proofPage.opened')}</dt>
          <dd>
            <span className="num">{p.open_price}</span>{' '}
            <small className={styles.muted}>{formatExchangeTime(p.opened_at)}</small>
          </dd>
          <dt>{t('proofPage.closed')}</dt>
          <dd>
            <span className="num">{p.close_price}</span>{' '}
            <small className={styles.muted}>{formatExchangeTime(p.closed_at)}</small>
          </dd>
          <dt>{t('proofPage.liquidationRate')}</dt>
          <dd className="num">{p.liquidation_rate}%</dd>
          {p.is_owner && <OwnerFacts p={p} />}
        </dl>
      </section>
      <MarkCard title={t('proofPage.openMark')} mark={p.open_mark} />
      <MarkCard title={t('proofPage.closeMark')} mark={p.close_mark} />
      <p className={styles.note}>{p.rule}</p>
    </div>
  );
}
