import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { P2P_APPEAL_IMAGES_MAX, P2P_APPEAL_NOTE_MAX } from '@oryx/contracts/p2p/calls';
import { Button } from '../ui/button';
import { ImageSlots } from '../ui/image-slots';
import { toast } from '../ui/toast';
import { useAnswerAppeal, useAppealAnswer } from './api';
import styles from './deal-chat.module.css';

export interface AppealAnswerProps {
  dealId: number;
  /** The deal's state (`is_sure`; 4 under appeal). */
  state: number;
  /** Who appealed, null without an appeal. */
  appealBy: 'buyer' | 'seller' | null;
  /** The viewer's side in the deal. */
  viewer: 'buyer' | 'seller';
  /** Shows a private image (the page's own component: it fetches with the session). */
  renderImage: (url: string, alt: string) => ReactNode;
}

/**
 * The other party's answer to an appeal: shown to both parties once given; while the deal is under
 * appeal, the party that did not appeal states its side here (once), with up to three images.
 */
export function AppealAnswer({ dealId, state, appealBy, viewer, renderImage }: AppealAnswerProps) {
  const { t } = useTranslation('common');
  const answer = useAppealAnswer(dealId, appealBy !== null);
  const send = useAnswerAppeal(dealId);
  const [note, setNote] = useState('');
  const [images, setImages] = useState<string[]>([]);
  if (appealBy === null || answer.isLoading) return null;
  const a = answer.data;
  if (a) {
    return (
      <section className={styles.chat} data-testid="appeal-answer">
        <h2 className={styles.title}>{t('dealChat.answerBy', { who: t(`dealChat.${a.by}`) })}</h2>
        <p className={styles.statement}>{a.note}</p>
        <div className={styles.images}>
          {a.images.map((url, i) => renderImage(url, t('dealChat.answerImage', { n: i + 1 })))}
        </div>
      </section>
    );
  }
  if (state !== 4 || appealBy === viewer) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return;
    send.mutate({ note: note.trim(), images }, { onSuccess: (msg) => toast.success(msg) });
  };
  return (
    <form className={styles.chat} onSubmit={onSubmit} data-testid="appeal-answer-form">
      <h2 className={styles.title}>{t('dealChat.answerTitle')}</h2>
      <p className={styles.notice}>{t('dealChat.answerHint')}</p>
      <textarea
        className={styles.input}
        value={note}
        rows={3}
        maxLength={P2P_APPEAL_NOTE_MAX}
        placeholder={t('dealChat.answerPlaceholder')}
        aria-label={t('dealChat.answerPlaceholder')}
        data-testid="appeal-answer-note"
        onChange={(e) => setNote(e.target.value)}
      />
      <ImageSlots value={images} onChange={setImages} max={P2P_APPEAL_IMAGES_MAX} />
      <div className={styles.formFoot}>
        <span className={styles.counter}>
          {note.length}/{P2P_APPEAL_NOTE_MAX}
        </span>
        <Button
          type="submit"
          size="sm"
          disabled={!note.trim() || send.isPending}
          data-testid="appeal-answer-send"
        >
          {t('dealChat.answerSend')}
        </Button>
      </div>
    </form>
  );
}
