import type { FastifyInstance } from 'fastify';
import {
  CommissionLevelsCall,
  GetNodeCall,
  MemberLogCall,
  MyTeamCall,
  ShowProfitsCall,
} from '@oryx/contracts/team/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { commissionRule, memberLog, myTeam, profits, treeLevel } from './service';

export async function teamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, GetNodeCall, ({ session, input }) =>
    treeLevel(ctx.db, session?.userId ?? null, input.user_id),
  );
  registerCall(app, MyTeamCall, ({ session, input }) => myTeam(ctx, session.userId, input.page, input.limit));
  registerCall(app, MemberLogCall, ({ session, input, locale }) =>
    memberLog(ctx.db, session.userId, input, locale),
  );
  registerCall(app, ShowProfitsCall, ({ session, input, locale }) =>
    profits(ctx.db, session.userId, locale, input.page, input.limit),
  );
  registerCall(app, CommissionLevelsCall, () => commissionRule(ctx.db));
}
