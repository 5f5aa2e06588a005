import { useTranslation } from 'react-i18next';
import { groupDigits } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { SandboxBadge } from './sandbox-badge';
import styles from '../funding.module.css';

export interface WithdrawSummary {
  coin: string;
  amount: string;
  address: string;
  memo: string;
  network: string;
  /** null while the server's fee for this amount is on its way. */
  fee: string | null;
  received: string | null;
  isTestAddress: boolean;
  needsReview: boolean;
  approvalAbove: string;
}

/** The last step before a withdrawal leaves: what is sent, to where, the fee and what arrives. */
export function WithdrawConfirm(props: {
  summary: WithdrawSummary | null;
  sending: boolean;
  onSend: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('cash');
  const s = props.summary;
  const money = (v: string | null) => (v === null ? '…' : `${groupDigits(v)} ${s?.coin ?? ''}`);
  return (
    <Modal
      open={s !== null}
      onClose={props.onBack}
      title={t('withdrawConfirm.title')}
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={props.onBack}>
            {t('withdrawConfirm.back')}
          </Button>
          <Button
            onClick={props.onSend}
            disabled={props.sending || s?.fee === null}
            data-testid="withdraw-confirm"
            data-autofocus
          >
            {t('withdrawConfirm.send')}
          </Button>
        </>
      }
    >
      {s && (
        <div className={styles.stackTight} data-testid="withdraw-confirm-summary">
          <p className={styles.confirmLead}>
            {t('withdrawConfirm.lead', {
              amount: groupDigits(s.amount),
              coin: s.coin,
              address: s.address,
              fee: money(s.fee),
              received: money(s.received),
            })}
          </p>
          <dl className={styles.summary}>
            <dt>{t('withdrawConfirm.amount')}</dt>
            <dd>{money(s.amount)}</dd>
            <dt>{t('withdrawConfirm.to')}</dt>
            <dd>
              {s.address}
              {s.memo ? ` (${t('field.memo')} ${s.memo})` : ''}
            </dd>
            <dt>{t('withdrawConfirm.network')}</dt>
            <dd>{s.network}</dd>
            <dt>{t('withdrawConfirm.fee')}</dt>
            <dd data-testid="confirm-fee">{money(s.fee)}</dd>
            <dt>{t('withdrawConfirm.received')}</dt>
            <dd data-testid="confirm-received">{money(s.received)}</dd>
          </dl>
          {s.isTestAddress && (
            <p className={styles.sandboxNote}>
              <SandboxBadge /> {t('testAddress.option')}
            </p>
          )}
          {s.needsReview && (
            <p className={styles.sandboxNote}>
              {t('withdrawConfirm.review', { amount: groupDigits(s.approvalAbove), coin: s.coin })}
            </p>
          )}
          <p className={styles.sandboxNote}>{t('withdrawConfirm.final')}</p>
        </div>
      )}
    </Modal>
  );
}
