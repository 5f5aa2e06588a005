import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ESCROW_REASON_MAX, type EscrowPendingDecision } from '@oryx/contracts/console/calls';
import { usePrivateImage } from '@/shared/api/private-image';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { useDecideApproval } from './api/approvals';
import { useAcceptorDispute, useAppeal, useDecideAppeal, useDecideDispute } from './api/business';
import { formatTime } from './format';
import styles from './console.module.css';

export type EscrowResult = 'release' | 'return';
export type EscrowKind = 'p2p.appeal' | 'acceptor.dispute';

/** A deal image fetched with the operator's session (private to the parties and operators). */
export function Evidence({ url, alt }: { url: string; alt: string }) {
  const src = usePrivateImage(url);
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={alt} />
    </a>
  ) : null;
}

/** "Waiting for a second operator: release, asked by #3 (time): reason". */
export function PendingNote({ p, label }: { p: EscrowPendingDecision; label: string }) {
  const { t } = useTranslation('console');
  return (
    <span className={styles.pendingNote} data-testid="escrow-pending">
      {t('escrow.pending', { result: label, id: p.requested_by, time: formatTime(p.requested_at) })}
      {': '}
      {p.reason}
    </span>
  );
}

/** The decision's written reason (required, at most 200 characters), asked before it is sent. */
export function ReasonDialog({
  open,
  title,
  children,
  loading,
  confirmLabel,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  loading: boolean;
  confirmLabel: string;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation('console');
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      width={520}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('escrow.cancel')}
          </Button>
          <Button
            loading={loading}
            disabled={!reason.trim()}
            onClick={() => onSubmit(reason.trim())}
            data-testid="escrow-decide-ok"
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        {children}
        <label className={styles.textareaLabel}>
          {t('escrow.reason')}
          <textarea
            className={styles.textarea}
            maxLength={ESCROW_REASON_MAX}
            rows={3}
            value={reason}
            autoFocus
            onChange={(e) => setReason(e.target.value)}
            data-testid="escrow-reason"
          />
        </label>
        <p className={styles.muted}>{t('escrow.reasonHint')}</p>
      </div>
    </Modal>
  );
}

/** What a second operator needs to see before approving: deal, parties, amount, evidence, the request. */
interface ReviewView {
  deal: string;
  parties: [string, string][];
  amount: string;
  evidence: { title: string; note: string; images: [string, string][] }[];
  pending: EscrowPendingDecision | null;
  decided: boolean;
  resultLabel: (r: EscrowResult) => string;
}

function useReview(kind: EscrowKind, id: number): { view: ReviewView | null; loading: boolean } {
  const { t } = useTranslation('console');
  const appeal = useAppeal(id, kind === 'p2p.appeal');
  const dispute = useAcceptorDispute(id, kind === 'acceptor.dispute');
  if (kind === 'p2p.appeal') {
    const a = appeal.data;
    if (!a) return { view: null, loading: appeal.isPending };
    const appellant = t(`appeals.by.${a.appeal.by}`);
    return {
      loading: false,
      view: {
        deal: `#${a.id} · ${a.kind.toUpperCase()} · ${t('escrow.appealedAt', { time: formatTime(a.appealed_at) })}`,
        parties: [
          [t('appeals.buyer'), a.buyer_account],
          [t('appeals.seller'), a.seller_account],
        ],
        amount: `${a.number} ${a.currency_name} · ${a.deal_money} ${a.coin_code}`,
        evidence: [
          {
            title: t('escrow.buyerSide'),
            note: a.paid_at ? t('escrow.paidAt', { time: formatTime(a.paid_at) }) : t('escrow.notPaid'),
            images: a.pay_voucher ? [[a.pay_voucher, t('appeals.voucher')]] : [],
          },
          {
            title: `${t('appeals.note')} (${appellant})`,
            note: a.appeal.note || '–',
            images: a.appeal.images.map((u, i) => [u, `${t('appeals.image')} ${i + 1}`]),
          },
        ],
        pending: a.pending,
        decided: a.is_sure !== 4,
        resultLabel: (r) => t(`appeals.${r}`),
      },
    };
  }
  const d = dispute.data;
  if (!d) return { view: null, loading: dispute.isPending };
  return {
    loading: false,
    view: {
      deal: `#${d.id} · ${d.acceptor_name} · ${t(`acceptors.sides.${d.type}`)}`,
      parties: [
        [t('col.user'), d.user_account],
        [t('escrow.acceptorSide'), `${d.acceptor_name} (${d.acceptor_account})`],
        [t('escrow.payTo'), `${d.way_name} · ${d.deal_account}`],
      ],
      amount: `${d.number} ${d.currency_name} · ${d.money} ${d.quote_code}`,
      evidence: [
        {
          title: t('escrow.userSide'),
          note: d.dispute.note,
          images: d.dispute.images.map((u, i) => [u, `${t('appeals.image')} ${i + 1}`]),
        },
        {
          title: t('escrow.acceptorSide'),
          note: d.transferred_at
            ? t('escrow.transferredAt', { time: formatTime(d.transferred_at) })
            : t('escrow.notTransferred'),
          images: [],
        },
      ],
      pending: d.pending,
      decided: d.is_sure !== 0,
      resultLabel: (r) => t(`escrow.acceptor.${d.type}.${r}`),
    },
  };
}

function ReviewBody({ view }: { view: ReviewView }) {
  const { t } = useTranslation('console');
  return (
    <dl className={styles.review} data-testid="escrow-review">
      <dt>{t('appeals.deal')}</dt>
      <dd>{view.deal}</dd>
      {view.parties.map(([k, v]) => (
        <div key={k} className={styles.reviewRow}>
          <dt>{k}</dt>
          <dd className={styles.mono}>{v}</dd>
        </div>
      ))}
      <dt>{t('col.amount')}</dt>
      <dd className={styles.num}>{view.amount}</dd>
      {view.evidence.map((e) => (
        <div key={e.title} className={styles.reviewRow}>
          <dt>{e.title}</dt>
          <dd>
            {e.note}
            {e.images.length > 0 && (
              <span className={styles.images}>
                {e.images.map(([u, alt]) => (
                  <Evidence key={u} url={u} alt={alt} />
                ))}
              </span>
            )}
          </dd>
        </div>
      ))}
      {view.pending && (
        <>
          <dt>{t('escrow.request')}</dt>
          <dd>
            <PendingNote p={view.pending} label={view.resultLabel(view.pending.result)} />
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * The approvals page's review of a pending escrow decision: the evidence and the requester's reason;
 * the second operator approves by making the same decision with their own reason, or rejects the request.
 */
export function EscrowReview({
  kind,
  dealId,
  approvalId,
  canAct,
  onClose,
}: {
  kind: EscrowKind;
  dealId: number;
  approvalId: number;
  canAct: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const { view, loading } = useReview(kind, dealId);
  const appeal = useDecideAppeal();
  const dispute = useDecideDispute();
  const reject = useDecideApproval();
  const [reason, setReason] = useState('');
  const decide = kind === 'p2p.appeal' ? appeal : dispute;
  const pending = view?.pending ?? null;
  const approve = () => {
    if (!pending) return;
    decide.mutate(
      { id: dealId, result: pending.result, reason: reason.trim() },
      {
        onSuccess: (r) => {
          toast.success(r.four_eyes_pending ? t('fourEyes.requested') : t('escrow.done'));
          onClose();
        },
      },
    );
  };
  const onReject = () =>
    reject.mutate(
      { id: approvalId, decision: 'reject' },
      {
        onSuccess: (m) => {
          toast.success(m);
          onClose();
        },
      },
    );
  // Only the request this row is about (a later one has its own row).
  const open = canAct && pending !== null && pending.approval_id === approvalId && !view?.decided;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('escrow.reviewTitle')}
      width={620}
      footer={
        open ? (
          <>
            <Button
              variant="danger"
              loading={reject.isPending}
              onClick={onReject}
              data-testid="escrow-reject"
            >
              {t('escrow.rejectRequest')}
            </Button>
            <Button
              variant="up"
              loading={decide.isPending}
              disabled={!reason.trim()}
              onClick={approve}
              data-testid="escrow-approve"
            >
              {t('escrow.approve', { result: view!.resultLabel(pending.result) })}
            </Button>
          </>
        ) : undefined
      }
    >
      {loading || !view ? (
        <PageSpinner />
      ) : (
        <div className={styles.form}>
          <ReviewBody view={view} />
          {!pending && <p className={styles.muted}>{t('escrow.noRequest')}</p>}
          {open && (
            <label className={styles.textareaLabel}>
              {t('escrow.reason')}
              <textarea
                className={styles.textarea}
                maxLength={ESCROW_REASON_MAX}
                rows={3}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                data-testid="escrow-reason"
              />
            </label>
          )}
        </div>
      )}
    </Modal>
  );
}
