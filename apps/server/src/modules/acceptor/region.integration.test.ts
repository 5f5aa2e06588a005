/**
 * Regions over the real app: users set their region; a region agent pages only the users of its city
 * (or district) by their public nicknames; anyone else is refused; only operators appoint agents.
 */
import { expect, it } from 'vitest';
import { registerAndLogin } from '../../../test/accounts';
import { describeEachDb, type TestApp } from '../../../test/harness';

/** The public nickname of a user, what an agent sees in the `phone` column. */
const nicknameOf = async (t: TestApp, id: number) =>
  (await t.app.ctx.db.selectFrom('users').select('nickname').where('id', '=', id).executeTakeFirstOrThrow())
    .nickname;

describeEachDb('region agents', (getApp) => {
  it('lists only the users of the agent’s region', async () => {
    const t = getApp();
    const set = (token: string, city: string, district: string) =>
      t.call('POST', '/api/user/region', { city_name: city, district_name: district }, { token });
    const inPudong = await registerAndLogin(t, `pudong-${t.kind}@example.com`);
    const inXuhui = await registerAndLogin(t, `xuhui-${t.kind}@example.com`);
    expect((await set(inPudong.token, 'Shanghai', 'Pudong')).body.type).toBe('ok');
    expect((await set(inXuhui.token, 'Shanghai', 'Xuhui')).body.type).toBe('ok');
    expect((await set(inXuhui.token, '', 'Xuhui')).body.code).toBe('REGION_CITY_REQUIRED');

    const agent = await t.tokenFor('demo1@oryx.local'); // demo seed: agent for Shanghai / Pudong
    const list = await t.call('GET', '/api/user/region_users', { page: '1' }, { token: agent });
    expect(list.body.type).toBe('ok');
    const rows = list.body.message.data as { city_name: string; district_name: string; phone: string }[];
    expect(rows.every((r) => r.city_name === 'Shanghai' && r.district_name === 'Pudong')).toBe(true);
    expect(rows.map((r) => r.phone)).toContain(await nicknameOf(t, inPudong.id));
    expect(rows.map((r) => r.phone)).not.toContain(await nicknameOf(t, inXuhui.id));
    expect(JSON.stringify(list.body)).not.toMatch(/example\.com|pudong-/);
    expect(list.body.message).toMatchObject({
      city_name: 'Shanghai',
      district_name: 'Pudong',
      current_page: 1,
    });

    const denied = await t.call('GET', '/api/user/region_users', {}, { token: inPudong.token });
    expect(denied.body).toMatchObject({ type: 'error', code: 'REGION_NOT_AGENT' });
    expect(denied.body.message).toBe('You are not a region agent, no permission');

    // The operator makes the Xuhui user an agent of the whole city: both districts show.
    const admin = await t.tokenFor('admin@oryx.local');
    const appoint = { user_id: inXuhui.id, city_name: 'Shanghai', district_name: '' };
    expect(
      (await t.call('POST', '/api/admin/region/agent', appoint, { token: inPudong.token })).body.type,
    ).not.toBe('ok');
    expect((await t.call('POST', '/api/admin/region/agent', appoint, { token: admin })).body.type).toBe('ok');
    const city = await t.call('GET', '/api/user/region_users', {}, { token: inXuhui.token });
    const phones = (city.body.message.data as { phone: string }[]).map((r) => r.phone);
    expect(phones).toEqual(
      expect.arrayContaining([await nicknameOf(t, inPudong.id), await nicknameOf(t, inXuhui.id)]),
    );
    const me = await t.call('GET', '/api/user/region', {}, { token: inXuhui.token });
    expect(me.body.message).toEqual({ city_name: 'Shanghai', district_name: 'Xuhui', is_agent: 1 });
    await t.call('POST', '/api/admin/region/agent', { ...appoint, remove: 1 }, { token: admin });
    expect((await t.call('GET', '/api/user/region_users', {}, { token: inXuhui.token })).body.code).toBe(
      'REGION_NOT_AGENT',
    );
  });
});
