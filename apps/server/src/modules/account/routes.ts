import type { FastifyInstance } from 'fastify';
import { UserInfoCall } from '@oryx/contracts/account/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { AppError } from '../../lib/app-error';

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, UserInfoCall, async ({ session }) => {
    const u = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', session!.userId)
      .executeTakeFirst();
    if (!u) throw new AppError('AUTH_EXPIRED');
    return {
      id: u.id,
      extension_code: u.extension_code,
      is_seller: u.is_seller,
      type: u.type,
      email: u.email ?? '',
      phone: u.phone ?? '',
      account_number: u.account_number,
      area_code: u.area_code,
      area_code_id: u.area_code_id,
      review_status: u.review_status,
      lang: u.lang,
      role: u.role,
    };
  });
}
