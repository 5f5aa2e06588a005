import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { P2P_CHAT_TEXT_MAX } from '@oryx/contracts/p2p/chat-calls';
import { formatTime } from '../lib/time';
import { Button } from '../ui/button';
import { useDealChat, useSendMessage } from './api';
import styles from './deal-chat.module.css';

/** In the exchange's one zone, as every time on the site. */
const time = (ms: number) => formatTime(ms);

/**
 * The chat with the other party of a deal (C2C or shop), for the deal page: the transcript (mine on the
 * right), new messages as they are pushed, and a box to write while the chat is open. Full width on a
 * phone; the transcript scrolls inside its own box.
 */
export function DealChat({ dealId }: { dealId: number }) {
  const { t } = useTranslation('common');
  const chat = useDealChat(dealId);
  const send = useSendMessage(dealId);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const count = chat.data?.data.length ?? 0;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || send.isPending) return;
    send.mutate(body, { onSuccess: () => setText('') });
  };
  const c = chat.data;
  return (
    <section className={styles.chat} data-testid="deal-chat" aria-label={t('dealChat.title')}>
      <h2 className={styles.title}>{t('dealChat.title')}</h2>
      <ol className={styles.list} ref={list} aria-live="polite">
        {c && c.data.length === 0 && <li className={styles.empty}>{t('dealChat.empty')}</li>}
        {c?.data.map((m) => (
          <li
            key={m.id}
            className={`${styles.msg} ${m.mine ? styles.mine : styles.theirs}`}
            data-testid="deal-chat-message"
          >
            <span className={styles.who}>
              {m.mine ? t('dealChat.you') : t(`dealChat.${m.from}`)} · {time(m.created_at)}
            </span>
            <span className={styles.text}>{m.text}</span>
          </li>
        ))}
      </ol>
      {c && !c.can_post ? (
        <p className={styles.notice} data-testid="deal-chat-closed">
          {t('dealChat.closed')}
        </p>
      ) : (
        <form className={styles.form} onSubmit={onSubmit}>
          <textarea
            className={styles.input}
            value={text}
            maxLength={P2P_CHAT_TEXT_MAX}
            rows={2}
            placeholder={t('dealChat.placeholder')}
            aria-label={t('dealChat.placeholder')}
            data-testid="deal-chat-input"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) onSubmit(e);
            }}
          />
          <div className={styles.formFoot}>
            <span className={styles.counter}>
              {c?.closes_at ? `${t('dealChat.closesAt', { time: time(c.closes_at) })} · ` : ''}
              {text.length}/{P2P_CHAT_TEXT_MAX}
            </span>
            <Button
              type="submit"
              size="sm"
              disabled={!text.trim() || send.isPending}
              data-testid="deal-chat-send"
            >
              {t('dealChat.send')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
