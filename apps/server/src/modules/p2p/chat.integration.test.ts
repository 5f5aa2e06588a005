/**
 * The deal chat and the answer to an appeal: only the two parties read and write (a stranger learns
 * nothing), messages are pushed to both parties' rooms, the length and rate limits refuse and change
 * nothing, writing closes a day after the deal ends, and operators read the transcript and the answer
 * of an appealed deal only.
 */
import { expect, it } from 'vitest';
import {
  P2P_CHAT_AFTER_END_MS,
  P2P_CHAT_PER_MINUTE,
  P2P_CHAT_TEXT_MAX,
} from '@oryx/contracts/p2p/chat-calls';
import { pngBytes, upload } from '../../../test/accounts';
import { describeEachDb, type TestApp } from '../../../test/harness';
import type { RecordingRealtime } from '../../realtime/realtime';
import { call, lastAdOf, post, ready, sellAd, type Party } from './test-helpers';

const send = (t: TestApp, p: Party, id: number, text: string) =>
  t.call('POST', '/api/c2c/deal_message', { id, text }, { token: p.token });
const read = (t: TestApp, p: Party, id: number, after?: number) =>
  t.call('GET', '/api/c2c/deal_messages', { id: String(id), ...(after ? { after: String(after) } : {}) }, p);
const count = async (t: TestApp, id: number) =>
  (await t.app.ctx.db.selectFrom('p2p_deal_messages').select('id').where('deal_id', '=', id).execute())
    .length;
const chatPushes = (t: TestApp, dealId: number) =>
  (t.app.ctx.realtime as RecordingRealtime).sent
    .filter((s) => s.event === 'c2c_message' && (s.payload as { deal_id: number }).deal_id === dealId)
    .map((s) => ({ room: s.room, ...(s.payload as object) }));

async function openDeal(t: TestApp, seller: Party, buyer: Party): Promise<number> {
  await post(t, seller, sellAd);
  const r = await call(t, buyer, '/api/c2c/do_legal_deal', await lastAdOf(t, seller));
  if (r.body.type !== 'ok') throw new Error(JSON.stringify(r.body));
  return r.body.message.data.id as number;
}

describeEachDb('deal chat and appeal answers', (getApp) => {
  it('lets only the two parties read and write, pushes to both, and limits length, rate and time', async () => {
    const t = getApp();
    const a = await ready(t, 'demo1@oryx.local');
    const b = await ready(t, 'demo2@oryx.local');
    const c = await ready(t, 'seller@oryx.local');
    const id = await openDeal(t, a, b);

    const first = await send(t, b, id, '  Paying by bank now\nref 42  ');
    expect(first.body).toMatchObject({
      type: 'ok',
      message: { from: 'buyer', mine: true, text: 'Paying by bank now\nref 42' },
    });
    expect((await send(t, a, id, 'OK, waiting')).body.message).toMatchObject({ from: 'seller', mine: true });
    const seen = (await read(t, a, id)).body.message;
    expect(seen).toMatchObject({ can_post: true, closes_at: null });
    expect(
      seen.data.map((m: { from: string; mine: boolean; text: string }) => [m.from, m.mine, m.text]),
    ).toEqual([
      ['buyer', false, 'Paying by bank now\nref 42'],
      ['seller', true, 'OK, waiting'],
    ]);
    expect((await read(t, b, id, first.body.message.id as number)).body.message.data).toHaveLength(1);
    expect(chatPushes(t, id)).toEqual([
      expect.objectContaining({ room: `user:${b.id}`, from: 'buyer', text: 'Paying by bank now\nref 42' }),
      expect.objectContaining({ room: `user:${a.id}`, from: 'buyer', text: 'Paying by bank now\nref 42' }),
      expect.objectContaining({ room: `user:${b.id}`, from: 'seller', text: 'OK, waiting' }),
      expect.objectContaining({ room: `user:${a.id}`, from: 'seller', text: 'OK, waiting' }),
    ]);

    // A stranger, and anyone without a session, learns nothing and writes nothing.
    expect((await read(t, c, id)).body.code).toBe('P2P_DEAL_NOT_FOUND');
    expect((await send(t, c, id, 'hello')).body.code).toBe('P2P_DEAL_NOT_FOUND');
    expect((await t.call('GET', '/api/c2c/deal_messages', { id: String(id) })).body.type).toBe('999');
    // Empty, blank, control-only and over-long texts are refused.
    for (const text of ['', '   ', '\u0001\u0002', 'x'.repeat(P2P_CHAT_TEXT_MAX + 1)]) {
      expect((await send(t, b, id, text)).body.code, JSON.stringify(text)).toBe('VALIDATION');
    }
    expect((await send(t, b, id, 'y'.repeat(P2P_CHAT_TEXT_MAX))).body.type).toBe('ok');
    expect(await count(t, id)).toBe(3);

    // Rate: a burst beyond the per-minute limit is refused until the minute has passed.
    t.clock.advance(60_001);
    for (let i = 0; i < P2P_CHAT_PER_MINUTE; i++)
      expect((await send(t, b, id, `m${i}`)).body.type).toBe('ok');
    expect((await send(t, b, id, 'one too many')).body.code).toBe('P2P_CHAT_TOO_FAST');
    expect((await send(t, a, id, 'the other party is not limited')).body.type).toBe('ok');
    t.clock.advance(60_001);
    expect((await send(t, b, id, 'a minute later')).body.type).toBe('ok');

    // Done: writing stays open for a day after the end, then the transcript is read-only.
    expect((await call(t, b, '/api/c2c/user_legal_pay', id)).body.type).toBe('ok');
    expect((await call(t, a, '/api/c2c/legal_deal_sure', id)).body.type).toBe('ok');
    const ended = (await read(t, a, id)).body.message;
    expect(ended.can_post).toBe(true);
    expect(ended.closes_at).toBe(t.clock.now() + P2P_CHAT_AFTER_END_MS);
    expect((await send(t, a, id, 'received, thanks')).body.type).toBe('ok');
    t.clock.advance(P2P_CHAT_AFTER_END_MS);
    const before = await count(t, id);
    expect((await send(t, b, id, 'too late')).body.code).toBe('P2P_CHAT_CLOSED');
    expect(await count(t, id)).toBe(before);
    const late = (await read(t, b, id)).body.message;
    expect(late.can_post).toBe(false);
    expect(late.data.at(-1)).toMatchObject({ from: 'seller', text: 'received, thanks' });
  });

  it('lets the other party answer an appeal once; operators read the answer and the chat', async () => {
    const t = getApp();
    const a = await ready(t, 'demo1@oryx.local');
    const b = await ready(t, 'demo2@oryx.local');
    const c = await ready(t, 'seller@oryx.local');
    const op = { token: await t.tokenFor('operator@oryx.local') };
    const id = await openDeal(t, a, b);
    await send(t, b, id, 'I sent 14.20 CNY');
    await send(t, a, id, 'Nothing arrived');
    const answer = (p: Party, body: Record<string, unknown>) =>
      t.call('POST', '/api/c2c/appeal_answer', { id, ...body }, { token: p.token });
    const adminChat = () => t.call('GET', '/api/admin/p2p/deal_chat', { id: String(id) }, op);
    const viewOf = async (p: Party) =>
      (await t.call('GET', '/api/c2c/appeal_answer', { id: String(id) }, p)).body.message;

    expect((await adminChat()).body.code).toBe('P2P_DEAL_NOT_FOUND'); // not appealed: the chat is private
    expect((await answer(a, { note: 'early' })).body.code).toBe('P2P_DEAL_STATE');
    expect((await call(t, b, '/api/c2c/user_legal_pay', id)).body.type).toBe('ok');
    const appealed = await t.call('POST', '/api/c2c/arbitrate', { id, note: 'paid, not released' }, b);
    expect(appealed.body.type).toBe('ok');

    expect((await viewOf(a)).can_answer).toBe(true);
    expect((await viewOf(b)).can_answer).toBe(false);
    expect((await answer(b, { note: 'me again' })).body.code).toBe('P2P_APPEAL_ANSWER_SIDE');
    expect((await answer(c, { note: 'stranger' })).body.code).toBe('P2P_DEAL_NOT_FOUND');
    expect((await answer(a, { note: '' })).body.code).toBe('VALIDATION');
    const foreign = (await upload(t, b.token, pngBytes())).body.message as string;
    expect((await answer(a, { note: 'x', images: [foreign] })).body.code).toBe('P2P_IMAGE_INVALID');
    expect(await t.app.ctx.db.selectFrom('p2p_appeal_answers').selectAll().execute()).toEqual([]);
    const img = (await upload(t, a.token, pngBytes())).body.message as string;
    const ok = await answer(a, { note: 'No payment on my statement', images: [img] });
    expect(ok.body.type, JSON.stringify(ok.body)).toBe('ok');
    expect((await answer(a, { note: 'again' })).body.code).toBe('P2P_APPEAL_ANSWERED');

    const seenBy = await viewOf(b);
    expect(seenBy.can_answer).toBe(false);
    const view = seenBy.answer;
    expect(view).toMatchObject({ by: 'seller', note: 'No payment on my statement' });
    expect((await viewOf(a)).can_answer).toBe(false); // answered
    expect(view.images).toHaveLength(1);
    const imageFor = (token?: string) =>
      t.app.inject({
        method: 'GET',
        url: view.images[0] as string,
        headers: token ? { authorization: token } : {},
      });
    expect((await imageFor(op.token)).statusCode).toBe(200);
    expect((await imageFor(c.token)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/c2c/appeal_answer', { id: String(id) }, c)).body.code).toBe(
      'P2P_DEAL_NOT_FOUND',
    );

    const seen = (await adminChat()).body.message;
    expect(seen.answer).toMatchObject({
      by: 'seller',
      note: 'No payment on my statement',
      images: view.images,
    });
    expect(
      seen.data.map((m: { from: string; mine: boolean; text: string }) => [m.from, m.mine, m.text]),
    ).toEqual([
      ['buyer', false, 'I sent 14.20 CNY'],
      ['seller', false, 'Nothing arrived'],
    ]);
    expect((await t.call('GET', '/api/admin/p2p/deal_chat', { id: String(id) }, b)).body.type).not.toBe('ok');
    // The appeal is decided, so the parties are free for other deals.
    const decided = await t.call(
      'POST',
      '/api/admin/p2p/decide',
      { id, result: 'return', reason: 'no payment' },
      op,
    );
    expect(decided.body.type, JSON.stringify(decided.body)).toBe('ok');
  });
});
