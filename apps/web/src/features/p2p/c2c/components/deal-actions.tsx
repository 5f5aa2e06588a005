import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P2P_APPEAL_IMAGES_MAX, P2P_APPEAL_NOTE_MAX } from '@oryx/contracts/p2p/calls';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { toast } from '@/shared/ui/toast';
import { useAppealDeal } from '../api/appeal-deal';
import { useCancelDeal } from '../api/cancel-deal';
import { useConfirmDeal } from '../api/confirm-deal';
import type { C2cDeal } from '../api/get-deal';
import { usePayDeal } from '../api/pay-deal';
import styles from '../c2c.module.css';
import { ImageSlots } from '@/shared/ui/image-slots';
import { useTradePassword } from './trade-password';

/**
 * What the viewer can do now: the buyer of an unpaid deal pays (with an optional voucher) or cancels;
 * the seller of a paid deal confirms receipt; either party of a paid deal appeals (note + up to three
 * images). Money moves only after the trade password.
 */
export function DealActions({ deal }: { deal: C2cDeal }) {
  const { t } = useTranslation('c2c');
  const { ask, dialog } = useTradePassword();
  const pay = usePayDeal();
  const cancel = useCancelDeal();
  const confirm = useConfirmDeal();
  const appeal = useAppealDeal();
  const [voucher, setVoucher] = useState<string[]>([]);
  const [appealOpen, setAppealOpen] = useState(false);
  const [note, setNote] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [noteError, setNoteError] = useState('');
  const done = (m: string) => toast.success(m);
  const id = deal.id;
  const buyer = deal.my_side === 'buy';

  const onPay = async () => {
    const body = (
      <div className={styles.dialogBody}>
        <p className={styles.muted}>
          {t('detail.payHint', { money: deal.deal_money, fiat: deal.coin_code })}
        </p>
      </div>
    );
    const password = await ask({ title: t('detail.payTitle'), body });
    if (password === null) return;
    pay.mutate({ id, password, ...(voucher[0] ? { pay_orders_img: voucher[0] } : {}) }, { onSuccess: done });
  };
  const onCancel = async () => {
    const password = await ask({
      title: t('detail.cancelTitle'),
      body: <p className={styles.muted}>{t('detail.cancelHint')}</p>,
    });
    if (password !== null) cancel.mutate({ id, password }, { onSuccess: done });
  };
  const onConfirm = async () => {
    const body = (
      <p className={styles.muted}>
        {t('detail.confirmHint', { money: deal.deal_money, fiat: deal.coin_code })}
      </p>
    );
    const password = await ask({ title: t('detail.confirmTitle'), body });
    if (password !== null)
      confirm.mutate({ id, password, isOwner: deal.is_owner === 1 }, { onSuccess: done });
  };
  const onAppeal = () => {
    if (note.trim() === '') return setNoteError(t('appeal.needNote'));
    appeal.mutate(
      { id, note: note.trim(), images },
      {
        onSuccess: (m) => {
          done(m);
          setAppealOpen(false);
          setNote('');
          setImages([]);
        },
      },
    );
  };

  if (deal.is_sure === 0 && buyer) {
    return (
      <section className={styles.card} data-testid="c2c-actions">
        <h2 className={styles.cardTitle}>{t('detail.voucher')}</h2>
        <p className={styles.muted}>{t('detail.voucherHint')}</p>
        <ImageSlots value={voucher} onChange={setVoucher} max={1} testId="c2c-voucher" />
        <div className={styles.actionsRow}>
          <Button variant="up" onClick={() => void onPay()} loading={pay.isPending} data-testid="c2c-pay">
            {t('detail.pay')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void onCancel()}
            loading={cancel.isPending}
            data-testid="c2c-cancel"
          >
            {t('detail.cancel')}
          </Button>
        </div>
        {dialog}
      </section>
    );
  }
  if (deal.is_sure !== 3) {
    return deal.is_sure === 0 ? (
      <p className={styles.notice} data-testid="c2c-actions">
        {t('detail.waitPay')}
      </p>
    ) : null;
  }
  return (
    <section className={styles.card} data-testid="c2c-actions">
      <p className={styles.muted}>{t(buyer ? 'detail.waitConfirm' : 'detail.checkReceived')}</p>
      <div className={styles.actionsRow}>
        {!buyer && (
          <Button
            variant="up"
            onClick={() => void onConfirm()}
            loading={confirm.isPending}
            data-testid="c2c-confirm"
          >
            {t('detail.confirm')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setAppealOpen(true)} data-testid="c2c-appeal">
          {t('appeal.open')}
        </Button>
      </div>
      <Modal
        open={appealOpen}
        onClose={() => setAppealOpen(false)}
        title={t('appeal.title', { id })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAppealOpen(false)}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={onAppeal} loading={appeal.isPending} data-testid="c2c-appeal-ok">
              {t('appeal.submit')}
            </Button>
          </>
        }
      >
        <div className={styles.dialogBody}>
          <p className={styles.muted}>{t('appeal.hint')}</p>
          <label className={styles.textareaLabel}>
            {t('appeal.note')}
            <textarea
              className={styles.textarea}
              maxLength={P2P_APPEAL_NOTE_MAX}
              rows={4}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                setNoteError('');
              }}
              data-testid="c2c-appeal-note"
            />
          </label>
          {noteError && <p className={styles.error}>{noteError}</p>}
          <p className={styles.muted}>{t('appeal.images', { max: P2P_APPEAL_IMAGES_MAX })}</p>
          <ImageSlots
            value={images}
            onChange={setImages}
            max={P2P_APPEAL_IMAGES_MAX}
            testId="c2c-appeal-image"
          />
        </div>
      </Modal>
      {dialog}
    </section>
  );
}
