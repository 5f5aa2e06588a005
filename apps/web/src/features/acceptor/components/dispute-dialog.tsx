import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTOR_DISPUTE_IMAGES_MAX, ACCEPTOR_DISPUTE_NOTE_MAX } from '@oryx/contracts/acceptor/calls';
import { ImageSlots } from '@/shared/ui/image-slots';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { toast } from '@/shared/ui/toast';
import { useDisputeDeal } from '../api/dispute-deal';
import styles from '../acceptor.module.css';

/**
 * Disputes a deal still waiting for the acceptor: a note and up to three images (uploaded at once and
 * made private by the server). The deal then waits for an operator.
 */
export function DisputeDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('acceptor');
  const dispute = useDisputeDeal();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const submit = () => {
    if (note.trim() === '') return setNoteError(t('record.needNote'));
    dispute.mutate(
      { id, note: note.trim(), images },
      {
        onSuccess: (m) => {
          toast.success(m);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('record.disputeTitle', { id })}
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('record.cancel')}
          </Button>
          <Button onClick={submit} loading={dispute.isPending} data-testid="acceptor-dispute-ok">
            {t('record.submitDispute')}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <p className={styles.muted}>{t('record.disputeHint')}</p>
        <label className={styles.textareaLabel}>
          {t('record.disputeNote')}
          <textarea
            className={styles.textarea}
            maxLength={ACCEPTOR_DISPUTE_NOTE_MAX}
            rows={4}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setNoteError('');
            }}
            data-testid="acceptor-dispute-note"
          />
        </label>
        {noteError && <p className={styles.state2}>{noteError}</p>}
        <p className={styles.muted}>{t('record.disputeImages', { max: ACCEPTOR_DISPUTE_IMAGES_MAX })}</p>
        <ImageSlots
          value={images}
          onChange={setImages}
          max={ACCEPTOR_DISPUTE_IMAGES_MAX}
          testId="acceptor-dispute-image"
        />
      </div>
    </Modal>
  );
}
