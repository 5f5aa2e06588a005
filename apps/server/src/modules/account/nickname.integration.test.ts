/**
 * The public nickname: a generated alias from registration on, changed with `POST /api/user/nickname`
 * (or the legacy `setaccount`) under the shared rules, unique regardless of case; the migration that
 * gave existing users theirs.
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import * as publicNickname from '@oryx/db/migrations/0202_public_nickname';
import { nicknameIssue, nicknameKey } from '@oryx/contracts/account/nickname';
import { registerAndLogin } from '../../../test/accounts';
import { describeEachDb, type TestApp } from '../../../test/harness';

let n = 0;
const newEmail = () => `nick-${++n}-${Date.now()}@example.com`;
const ALIAS = /^Trader-[A-HJ-NP-Z2-9]{6}$/;

const nicknameOf = async (t: TestApp, token: string) =>
  (await t.call('GET', '/api/user/center', undefined, { token })).body.message.nickname as string;
const setNickname = (t: TestApp, token: string, nickname: unknown) =>
  t.call('POST', '/api/user/nickname', { nickname }, { token });

describeEachDb('public nickname', (getApp) => {
  it('starts as a unique generated alias', async () => {
    const t = getApp();
    const a = await registerAndLogin(t, newEmail());
    const b = await registerAndLogin(t, newEmail());
    const [na, nb] = [await nicknameOf(t, a.token), await nicknameOf(t, b.token)];
    expect(na).toMatch(ALIAS);
    expect(nb).toMatch(ALIAS);
    expect(na).not.toBe(nb);
    // Every seeded user has one too, all different.
    const rows = await t.app.ctx.db.selectFrom('users').select(['nickname', 'nickname_key']).execute();
    expect(
      rows.every((r) => nicknameIssue(r.nickname) === null && r.nickname_key === nicknameKey(r.nickname)),
    ).toBe(true);
    expect(new Set(rows.map((r) => r.nickname_key)).size).toBe(rows.length);
  });

  it('changes under the rules, refusing duplicates, long and contact-looking values', async () => {
    const t = getApp();
    const a = await registerAndLogin(t, newEmail());
    const b = await registerAndLogin(t, newEmail());
    expect((await t.call('POST', '/api/user/nickname', { nickname: 'Vera Trades' })).body.type).toBe('999');

    const ok = await setNickname(t, a.token, '  Vera   Trades ');
    expect(ok.body).toMatchObject({ type: 'ok' });
    expect(await nicknameOf(t, a.token)).toBe('Vera Trades');
    // The owner may change the case of their own nickname.
    expect((await setNickname(t, a.token, 'VERA Trades')).body.type).toBe('ok');
    expect(await nicknameOf(t, a.token)).toBe('VERA Trades');

    const before = await nicknameOf(t, b.token);
    const theirs = await nicknameOf(t, (await registerAndLogin(t, newEmail())).token);
    const refusals: [unknown, string][] = [
      ['vera trades', 'ACCOUNT_NICKNAME_TAKEN'],
      ['VERA Trades', 'ACCOUNT_NICKNAME_TAKEN'],
      [theirs.toLowerCase(), 'ACCOUNT_NICKNAME_TAKEN'],
      ['x'.repeat(21), 'ACCOUNT_NICKNAME_LENGTH'],
      ['ab', 'ACCOUNT_NICKNAME_LENGTH'],
      ['', 'ACCOUNT_NICKNAME_LENGTH'],
      ['vera@mail.com', 'ACCOUNT_NICKNAME_CONTACT'],
      ['vera.mail', 'ACCOUNT_NICKNAME_CONTACT'],
      ['13800138000', 'ACCOUNT_NICKNAME_CONTACT'],
      ['+66 812 345 678', 'ACCOUNT_NICKNAME_CONTACT'],
      ['Тrader', 'ACCOUNT_NICKNAME_CHARS'],
      ['<b>bold</b>', 'ACCOUNT_NICKNAME_CHARS'],
    ];
    for (const [value, code] of refusals) {
      const r = await setNickname(t, b.token, value);
      expect(r.status, String(value)).toBe(200);
      expect(r.body, String(value)).toMatchObject({ type: 'error', code });
    }
    expect(await nicknameOf(t, b.token)).toBe(before);

    // The legacy call follows the same rules.
    const legacy = (account: string) =>
      t.call(
        'POST',
        '/api/user/setaccount',
        { account, password: 'secret-123', repassword: 'secret-123' },
        { token: b.token },
      );
    expect((await legacy('vera@mail.com')).body.code).toBe('ACCOUNT_NICKNAME_CONTACT');
    expect((await legacy('Vera trades')).body.code).toBe('ACCOUNT_NICKNAME_TAKEN');
    expect(await nicknameOf(t, b.token)).toBe(before);
    expect((await legacy('Bruno')).body.type).toBe('ok');
    expect(await nicknameOf(t, b.token)).toBe('Bruno');
    // A nickname given up is free again.
    expect((await setNickname(t, a.token, before)).body.type).toBe('ok');
  });

  it('gives a nickname to one of two users asking for it at once', async () => {
    const t = getApp();
    const users = await Promise.all([registerAndLogin(t, newEmail()), registerAndLogin(t, newEmail())]);
    const replies = await Promise.all(users.map((u) => setNickname(t, u.token, 'Twin Race')));
    expect(replies.map((r) => r.body.type).sort()).toEqual(['error', 'ok']);
    expect(replies.find((r) => r.body.type === 'error')?.body.code).toBe('ACCOUNT_NICKNAME_TAKEN');
    const names = await Promise.all(users.map((u) => nicknameOf(t, u.token)));
    expect(names.filter((x) => x === 'Twin Race')).toHaveLength(1);
  });

  it('localizes the refusal', async () => {
    const t = getApp();
    const a = await registerAndLogin(t, newEmail());
    const r = await t.call(
      'POST',
      '/api/user/nickname',
      { nickname: 'a@b.co' },
      { token: a.token, headers: { 'x-locale': 'zh' } },
    );
    expect(r.body.message).toContain('昵称');
  });
});

describeEachDb('public nickname migration', (getApp) => {
  it('keeps valid free nicknames and gives everyone else an alias', async () => {
    const t = getApp();
    const db = t.app.ctx.db as unknown as Kysely<unknown>;
    const emails = [newEmail(), newEmail(), newEmail(), newEmail(), newEmail()];
    const ids: number[] = [];
    for (const e of emails) ids.push((await registerAndLogin(t, e)).id);
    // The users as they were before: nicknames set freely, or none.
    await publicNickname.down(db);
    const before = ['Kept Name', 'kept name', emails[2]!, '', 'Другой'];
    for (const [i, id] of ids.entries()) {
      await t.app.ctx.db.updateTable('users').set({ nickname: before[i]! }).where('id', '=', id).execute();
    }
    await publicNickname.up(db);
    const rows = await t.app.ctx.db
      .selectFrom('users')
      .select(['id', 'nickname', 'nickname_key'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows[0]).toMatchObject({ nickname: 'Kept Name', nickname_key: 'kept name' });
    for (const r of rows.slice(1)) expect(r.nickname).toMatch(ALIAS);
    const all = await t.app.ctx.db.selectFrom('users').select('nickname_key').execute();
    expect(new Set(all.map((r) => r.nickname_key)).size).toBe(all.length);
    // The unique index is back.
    await expect(
      t.app.ctx.db
        .updateTable('users')
        .set({ nickname_key: 'kept name' })
        .where('id', '=', ids[1]!)
        .execute(),
    ).rejects.toThrow();
  });
});
