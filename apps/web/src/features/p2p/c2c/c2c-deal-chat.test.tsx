// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { C2cDealCall } from '@oryx/contracts/p2p/calls';
import {
  C2cAppealAnswerCall,
  C2cAppealAnswerViewCall,
  C2cDealMessageCall,
  C2cDealMessagesCall,
} from '@oryx/contracts/p2p/chat-calls';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { click, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import C2cDetailPage from './c2c-detail-page';
import { byTestId, deal, testSocket, texts } from './test-fixtures';

vi.mock('@/shared/socket/socket', async () => {
  const { testSocket } = await import('./test-fixtures');
  return { getSocket: () => testSocket };
});

let page: RenderedPage | undefined;
beforeEach(() => storage.set(STORAGE_KEYS.token, 'session-token'));
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

/** Types into a textarea as a user would (the shared `fillIn` takes inputs and selects). */
async function typeInto(el: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const msg = (id: number, from: 'buyer' | 'seller', mine: boolean, text: string) => ({
  id,
  from,
  mine,
  text,
  created_at: 1_780_000_000_000 + id,
});

describe('/c2cDetail chat and appeal answer', () => {
  it('shows the transcript, sends a message and adds pushed ones of this deal only', async () => {
    const server = contractFetch([
      handle(C2cDealCall, () => deal()),
      handle(C2cDealMessagesCall, () => ({
        data: [msg(1, 'seller', false, 'Hello, pay by bank')],
        can_post: true,
        closes_at: null,
      })),
      handle(C2cDealMessageCall, (input) => msg(2, 'buyer', true, String(input.text))),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<C2cDetailPage />, '/c2cDetail?id=7');
    await page.waitFor(() => expect(texts('deal-chat-message')).toHaveLength(1));
    expect(texts('deal-chat-message')[0]).toContain('Hello, pay by bank');
    await typeInto(byTestId<HTMLTextAreaElement>('deal-chat-input'), 'Paying now');
    await click(byTestId('deal-chat-send'));
    await page.waitFor(() => expect(texts('deal-chat-message')).toHaveLength(2));
    expect(server.calls.find((c) => c.path === C2cDealMessageCall.path)?.input).toEqual({
      id: 7,
      text: 'Paying now',
    });
    expect(byTestId<HTMLTextAreaElement>('deal-chat-input').value).toBe('');

    const push = (deal_id: number, id: number, text: string) =>
      act(() =>
        testSocket.push('c2c_message', {
          type: 'c2c_message',
          deal_id,
          id,
          from: 'seller',
          text,
          created_at: 1_780_000_000_100,
        }),
      );
    push(8, 3, 'another deal');
    push(7, 4, 'Received, releasing');
    push(7, 4, 'Received, releasing'); // the same message twice is shown once
    await page.waitFor(() => expect(texts('deal-chat-message')).toHaveLength(3));
    expect(texts('deal-chat-message')[2]).toContain('Received, releasing');
  });

  it('shows the closed notice instead of the box once the chat is closed', async () => {
    const server = contractFetch([
      handle(C2cDealCall, () => deal({ is_sure: 1, expires_at: null })),
      handle(C2cDealMessagesCall, () => ({ data: [], can_post: false, closes_at: 1_780_000_000_000 })),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<C2cDetailPage />, '/c2cDetail?id=7');
    await page.waitFor(() => byTestId('deal-chat-closed'));
    expect(texts('deal-chat-input')).toEqual([]);
  });

  it('lets the party that did not appeal answer, and not the appellant', async () => {
    let answer: null | { by: 'seller'; note: string; images: string[]; created_at: number } = null;
    const appeal = { by: 'buyer' as const, note: 'paid', images: [], result: null };
    const server = contractFetch([
      handle(C2cDealCall, () => deal({ type: 'sell', is_sure: 4, expires_at: null, appeal })),
      handle(C2cDealMessagesCall, () => ({ data: [], can_post: true, closes_at: null })),
      handle(C2cAppealAnswerViewCall, () => ({ answer, can_answer: answer === null })),
      handle(C2cAppealAnswerCall, (input) => {
        answer = { by: 'seller', note: String(input.note), images: [], created_at: 1_780_000_000_000 };
        return 'Answer sent to the operator';
      }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    page = await renderPage(<C2cDetailPage />, '/c2cDetail?id=7');
    await page.waitFor(() => byTestId('appeal-answer-form'));
    await typeInto(byTestId<HTMLTextAreaElement>('appeal-answer-note'), 'Nothing arrived');
    await click(byTestId('appeal-answer-send'));
    await page.waitFor(() => expect(texts('appeal-answer')[0]).toContain('Nothing arrived'));
    expect(
      server.calls.find((c) => c.path === C2cAppealAnswerCall.path && c.method === 'POST')?.input,
    ).toEqual({
      id: 7,
      note: 'Nothing arrived',
      images: [],
    });
    page.unmount();

    // The appellant sees no answer form.
    const asBuyer = contractFetch([
      handle(C2cDealCall, () => deal({ type: 'buy', is_sure: 4, expires_at: null, appeal })),
      handle(C2cDealMessagesCall, () => ({ data: [], can_post: true, closes_at: null })),
      handle(C2cAppealAnswerViewCall, () => ({ answer: null, can_answer: false })),
    ]);
    vi.stubGlobal('fetch', asBuyer.fetch);
    page = await renderPage(<C2cDetailPage />, '/c2cDetail?id=7');
    await page.waitFor(() =>
      expect(asBuyer.calls.some((c) => c.path === C2cAppealAnswerViewCall.path)).toBe(true),
    );
    await page.waitFor(() => byTestId('deal-chat'));
    expect(texts('appeal-answer-form')).toEqual([]);
  });
});
