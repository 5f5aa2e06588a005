import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { P2P_APPEAL_IMAGES_MAX, P2P_APPEAL_NOTE_MAX } from '@oryx/contracts/p2p/calls';
import { usePrivateImage } from '../api/private-image';
import { Button } from '../ui/button';
import { ImageSlots } from '../ui/image-slots';
import { toast } from '../ui/toast';
import { useAnswerAppeal, useAppealAnswer } from './api';
import styles from './deal-chat.module.css';

/** Deals in these states may have an appeal: under appeal (4), or decided after one (1, 2). */
const MAY_HAVE_APPEAL = [1, 2, 4];

function Thumb({ url, alt }: { url: string; alt: string }) {
  const src = usePrivateImage(url);
  if (!src) return null;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={alt} className={styles.thumb} />
    </a>
  );
}

/**
 * The other party's answer to an appeal (C2C or shop deal): shown to both parties once given; while the
 * deal is under appeal, the party that did not appeal states its side here once (the server says who
 * may: `can_answer`), with up to three images.
 */
export function AppealAnswer({ dealId, state }: { dealId: number; state: number }) {
  const { t } = useTranslation('common');
  const view = useAppealAnswer(dealId, MAY_HAVE_APPEAL.includes(state));
  const send = useAnswerAppeal(dealId);
  const [note, setNote] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const a = view.data?.answer;
  if (a) {
    return (
      <section className={styles.chat} data-testid="appeal-answer">
        <h2 className={styles.title}>{t('dealChat.answerBy', { who: t(`dealChat.${a.by}`) })}</h2>
        <p className={styles.statement}>{a.note}</p>
        <div className={styles.images}>
          {a.images.map((url, i) => (
            <Thumb key={url} url={url} alt={t('dealChat.answerImage', { n: i + 1 })} />
          ))}
        </div>
      </section>
    );
  }
  if (!view.data?.can_answer || state !== 4) return null;
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
