import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminP2pDealChatCall } from '@oryx/contracts/p2p/chat-calls';
import { call } from '@/shared/api/client';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { Evidence } from './escrow-review';
import { formatTime } from './format';
import { CONSOLE } from './api/keys';
import styles from './console.module.css';

/** GET /api/admin/p2p/deal_chat: the parties' chat and the other party's answer of an appealed deal. */
const useAppealChat = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...CONSOLE, 'appeal-chat', id],
    enabled,
    queryFn: ({ signal }) => call(AdminP2pDealChatCall, { id }, { signal }),
  });

/**
 * "Chat and answer" on an appeal: opens the transcript of the parties' chat and the answer of the party
 * that did not appeal, beside the appellant's note (reading it is written to the audit log).
 */
export function AppealChatButton({ dealId }: { dealId: number }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} data-testid={`appeal-chat-${dealId}`}>
        {t('dealChat.show')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={`#${dealId} · ${t('dealChat.show')}`}
        width={560}
      >
        {open && <AppealChat dealId={dealId} />}
      </Modal>
    </>
  );
}

function AppealChat({ dealId }: { dealId: number }) {
  const { t } = useTranslation('common');
  const chat = useAppealChat(dealId, true);
  const c = chat.data;
  if (!c) return null;
  return (
    <div className={styles.form} data-testid="appeal-chat">
      <h3>
        {c.answer ? t('dealChat.answerBy', { who: t(`dealChat.${c.answer.by}`) }) : t('dealChat.noAnswer')}
      </h3>
      {c.answer && (
        <>
          <p data-testid="appeal-chat-answer">{c.answer.note}</p>
          <span className={styles.muted}>{formatTime(c.answer.created_at)}</span>
          <span className={styles.images}>
            {c.answer.images.map((u, i) => (
              <Evidence key={u} url={u} alt={t('dealChat.answerImage', { n: i + 1 })} />
            ))}
          </span>
        </>
      )}
      <h3>{t('dealChat.operatorTitle')}</h3>
      {c.data.length === 0 && <p className={styles.muted}>{t('dealChat.operatorEmpty')}</p>}
      <ol data-testid="appeal-chat-transcript">
        {c.data.map((m) => (
          <li key={m.id}>
            <span className={styles.tag}>{t(`dealChat.${m.from}`)}</span>{' '}
            <span className={styles.muted}>{formatTime(m.created_at)}</span>
            <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.text}</div>
          </li>
        ))}
      </ol>
    </div>
  );
}
