import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  C2cAppealAnswerCall,
  C2cAppealAnswerViewCall,
  C2cDealMessageCall,
  C2cDealMessagesCall,
} from '@oryx/contracts/p2p/chat-calls';
import { call } from '../api/client';
import { useSocketEvent } from '../socket/use-socket-event';

export type DealChat = z.output<typeof C2cDealMessagesCall.reply>;

const chatKey = (id: number) => ['deal-chat', id] as const;
const answerKey = (id: number) => ['deal-chat', 'answer', id] as const;

/**
 * GET /api/c2c/deal_messages: the chat of a deal (C2C or shop) I am a party to. A `c2c_message` push
 * for this deal is appended to the cached transcript (once, by id), so nothing polls while the socket
 * is up; the query is read again now and then should a push be missed.
 */
export function useDealChat(id: number) {
  const queryClient = useQueryClient();
  useSocketEvent('c2c_message', (m) => {
    if (m.deal_id !== id) return;
    queryClient.setQueryData<DealChat>(chatKey(id), (old) => {
      if (!old || old.data.some((x) => x.id === m.id)) return old;
      const mine = false; // our own messages come back through the mutation first
      const msg = { id: m.id, from: m.from, mine, text: m.text, created_at: m.created_at };
      return { ...old, data: [...old.data, msg] };
    });
  });
  return useQuery({
    queryKey: chatKey(id),
    enabled: id > 0,
    queryFn: ({ signal }) => call(C2cDealMessagesCall, { id, after: 0 }, { signal, toast: false }),
    refetchInterval: 60_000,
  });
}

/** POST /api/c2c/deal_message: the sent message joins the cached transcript at once. */
export function useSendMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call(C2cDealMessageCall, { id, text }),
    onSuccess: (m) =>
      queryClient.setQueryData<DealChat>(chatKey(id), (old) => {
        if (!old) return old;
        const rest = old.data.filter((x) => x.id !== m.id);
        return { ...old, data: [...rest, m].sort((a, b) => a.id - b.id) };
      }),
  });
}

/** GET /api/c2c/appeal_answer: the other party's answer to the deal's appeal (null when none). */
export function useAppealAnswer(id: number, enabled: boolean) {
  return useQuery({
    queryKey: answerKey(id),
    enabled: enabled && id > 0,
    queryFn: ({ signal }) => call(C2cAppealAnswerViewCall, { id }, { signal, toast: false }),
  });
}

/** POST /api/c2c/appeal_answer: the party that did not appeal states its side, once. */
export function useAnswerAppeal(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { note: string; images: string[] }) => call(C2cAppealAnswerCall, { id, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: answerKey(id) }),
  });
}
