import type { TestApp } from '../../../test/harness';

/** The seeded staff: the two roles that act (admin, operators) and the auditor, who only reads. */
const STAFF = ['admin@oryx.local', 'operator@oryx.local', 'operator2@oryx.local', 'auditor@oryx.local'];

/**
 * How many `console.*` notifications of `what` (`<kind> <area>`) about subject `id` each seeded staff
 * user holds, by e-mail address.
 */
export async function consoleNotices(t: TestApp, id: number, what: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const email of STAFF) {
    const rows = await t.app.ctx.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('user_id', '=', await t.userId(email))
      .where('kind', 'like', 'console.%')
      .orderBy('id')
      .execute();
    out[email] = rows
      .map((r) => ({ kind: r.kind, params: JSON.parse(r.params) as Record<string, string> }))
      .filter((r) => r.params.id === String(id) && `${r.kind} ${r.params.area}` === what).length;
  }
  return out;
}

/** What `consoleNotices` counts once each staff user who may act was told once, and the auditor never. */
export const TOLD_OPERATORS = {
  'admin@oryx.local': 1,
  'operator@oryx.local': 1,
  'operator2@oryx.local': 1,
  'auditor@oryx.local': 0,
};
