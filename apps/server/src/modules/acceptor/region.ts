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
import { regionUsersPage, userExists } from '../users/repo';
import { regionRepo } from './region-repo';

/** Wire times are Asia/Shanghai wall-clock, as everywhere in this API family. */
const timeText = (ms: number) => formatExchangeTime(ms);

export async function myRegion(db: Db, userId: number) {
  const r = await regionRepo.regionOf(db, userId);
  const agent = await regionRepo.agentOf(db, userId);
  return { city_name: r?.city_name ?? '', district_name: r?.district_name ?? '', is_agent: agent ? 1 : 0 };
}

export async function setRegion(ctx: AppContext, userId: number, city: string, district: string) {
  if (!city) throw new AppError('REGION_CITY_REQUIRED');
  const now = ctx.clock.now();
  await regionRepo.setRegion(ctx.db, userId, { city_name: city, district_name: district }, now);
}

export async function setAgent(
  ctx: AppContext,
  input: { user_id: number; city_name: string; district_name: string; remove: number },
) {
  const db = ctx.db;
  if (input.remove === 1) {
    await regionRepo.removeAgent(db, input.user_id);
    return;
  }
  if (!input.city_name) throw new AppError('REGION_CITY_REQUIRED');
  if (!(await userExists(db, input.user_id))) throw new AppError('NOT_FOUND');
  const place = { city_name: input.city_name, district_name: input.district_name };
  await regionRepo.setAgent(db, input.user_id, place, ctx.clock.now());
}

/** The agent's users, newest registration first, 10 a page. */
export async function regionUsers(db: Db, agentId: number, page: number) {
  const agent = await regionRepo.agentOf(db, agentId);
  if (!agent) throw new AppError('REGION_NOT_AGENT');
  const place = { city: agent.city_name, district: agent.district_name };
  const { rows, total } = await regionUsersPage(db, place, page, ACCEPTOR_PAGE_SIZE);
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
