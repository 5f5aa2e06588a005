/** The auditor reads the console's news list (GET or POST, as clients send it) but changes nothing. */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';

describeEachDb('news: the auditor reads, never edits', (getApp) => {
  it('lists every article for the auditor, and refuses creating, editing and deleting', async () => {
    const t = getApp();
    const token = await t.tokenFor('auditor@oryx.local');
    const viaGet = await t.call('GET', '/api/admin/news/list', undefined, { token });
    expect(viaGet.body.type, JSON.stringify(viaGet.body)).toBe('ok');
    expect(viaGet.body.message.data.length).toBeGreaterThan(0);
    const viaPost = await t.call('POST', '/api/admin/news/list', {}, { token });
    expect(viaPost.body.message.data).toEqual(viaGet.body.message.data);

    const first = viaGet.body.message.data[0] as { id: number; title: string };
    const create = await t.call(
      'POST',
      '/api/admin/news',
      { c_id: 11, title: 'Auditor news', content: '<p>x</p>', lang: 'en' },
      { token },
    );
    expect(create.body.type).not.toBe('ok');
    const edit = await t.call('PUT', '/api/admin/news', { id: first.id, title: 'Changed' }, { token });
    expect(edit.body.type).not.toBe('ok');
    const del = await t.call('DELETE', '/api/admin/news', { id: first.id }, { token });
    expect(del.body.type).not.toBe('ok');
    const after = await t.call('GET', '/api/admin/news/list', undefined, { token });
    expect(after.body.message.data).toEqual(viaGet.body.message.data);
  });
});
