/**
 * Regions: a user's city and district (set in the settings, `POST /api/user/region`), and region agents
 * the operator appoints for a city (district '': the whole city) or one district. An agent pages the users
 * whose region falls in its own; anyone else is refused (`REGION_NOT_AGENT`).
 */
import { ACCEPTOR_PAGE_SIZE } from '@oryx/contracts/acceptor/calls';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { lastPage } from '../../lib/paging';
import { formatExchangeTime } from '@oryx/contracts/time';

/** Wire times are Asia/Shanghai wall-clock, as everywhere in this API family. */
const timeText = (ms: number) => formatExchangeTime(ms);

export async function myRegion(db: Db, userId: number) {
  const r = await db.selectFrom('user_regions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const agent = await db
    .selectFrom('region_agents')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { city_name: r?.city_name ?? '', district_name: r?.district_name ?? '', is_agent: agent ? 1 : 0 };
}

export async function setRegion(ctx: AppContext, userId: number, city: string, district: string) {
  if (!city) throw new AppError('REGION_CITY_REQUIRED');
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('user_regions')
    .values({ user_id: userId, city_name: city, district_name: district, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ city_name: city, district_name: district, updated_at: now }),
    )
    .execute();
}

export async function setAgent(
  ctx: AppContext,
  input: { user_id: number; city_name: string; district_name: string; remove: number },
) {
  const db = ctx.db;
  if (input.remove === 1) {
    await db.deleteFrom('region_agents').where('user_id', '=', input.user_id).execute();
    return;
  }
  if (!input.city_name) throw new AppError('REGION_CITY_REQUIRED');
  const user = await db.selectFrom('users').select('id').where('id', '=', input.user_id).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND');
  const place = { city_name: input.city_name, district_name: input.district_name };
  await db
    .insertInto('region_agents')
    .values({ user_id: input.user_id, ...place, created_at: ctx.clock.now() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(place))
    .execute();
}

/** The agent's users, newest registration first, 10 a page. */
export async function regionUsers(db: Db, agentId: number, page: number) {
  const agent = await db
    .selectFrom('region_agents')
    .selectAll()
    .where('user_id', '=', agentId)
    .executeTakeFirst();
  if (!agent) throw new AppError('REGION_NOT_AGENT');
  let q = db
    .selectFrom('user_regions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('r.city_name', '=', agent.city_name);
  if (agent.district_name) q = q.where('r.district_name', '=', agent.district_name);
  const count = await q.select((eb) => eb.fn.countAll<number | bigint | string>().as('n')).executeTakeFirst();
  const rows = await q
    .select(['r.city_name', 'r.district_name', 'u.nickname', 'u.created_at'])
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(ACCEPTOR_PAGE_SIZE)
    .offset((page - 1) * ACCEPTOR_PAGE_SIZE)
    .execute();
  const total = Number(count?.n ?? 0);
  return {
    city_name: agent.city_name,
    district_name: agent.district_name,
    data: rows.map((r) => ({
      city_name: r.city_name,
      district_name: r.district_name,
      // The agent is no party to anything of theirs: the user's public nickname, no contact data.
      phone: r.nickname,
      time: timeText(r.created_at),
    })),
    current_page: page,
    total,
    last_page: lastPage(total, ACCEPTOR_PAGE_SIZE),
  };
}
