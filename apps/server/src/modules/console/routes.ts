import type { FastifyInstance } from 'fastify';
import {
  ConsoleAdjustCall,
  ConsoleApprovalsCall,
  ConsoleAuditCall,
  ConsoleDashboardCall,
  ConsoleDecideApprovalCall,
  ConsoleLedgerCheckCall,
  ConsoleMarketCall,
  ConsoleMarketsCall,
  ConsoleMeCall,
  ConsoleRestrictCall,
  ConsoleRevokeSessionsCall,
  ConsoleSetRoleCall,
  ConsoleUserCall,
  ConsoleUserLedgerCall,
  ConsoleUserPaymentsCall,
  ConsoleUsersCall,
} from '@oryx/contracts/console/calls';
import { roleMay } from '@oryx/contracts/console/roles';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { usersRepo } from '../users/repo';
import { decideAdjustment, requestAdjustment } from './adjust';
import { listAudit } from './audit';
import { dashboard, runLedgerCheck } from './dashboard';
import { listApprovals } from './four-eyes';
import { changeMarket, listMarkets } from './markets';
import {
  restrictUser,
  revokeSessions,
  searchUsers,
  setStaffRole,
  userDetail,
  userLedger,
  userPayments,
} from './users';

export async function consoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const saved = (locale: string) => translate(locale, 'console.saved');

  registerCall(app, ConsoleMeCall, async ({ session }) => {
    const u = await usersRepo.byIdOrThrow(ctx.db, session.userId);
    return {
      user_id: session.userId,
      account: u.email ?? u.phone ?? '',
      role: session.role,
      may: {
        read: roleMay(session.role, 'read'),
        act: roleMay(session.role, 'act'),
        manage: roleMay(session.role, 'manage'),
      },
      has_outbox: ctx.env.ORYX_MODE === 'demo',
    };
  });
  registerCall(app, ConsoleDashboardCall, () => dashboard(ctx));
  registerCall(app, ConsoleLedgerCheckCall, () => runLedgerCheck(ctx));

  registerCall(app, ConsoleUsersCall, ({ input }) => searchUsers(ctx.db, input.q, input.page));
  registerCall(app, ConsoleUserCall, async ({ input, audit }) => {
    const detail = await userDetail(ctx.db, input.id);
    audit({ subject: 'user', subjectId: input.id });
    return detail;
  });
  registerCall(app, ConsoleUserPaymentsCall, async ({ input, audit }) => {
    const details = await userPayments(ctx, input.id);
    audit({ subject: 'user_payments', subjectId: input.id });
    return details;
  });
  registerCall(app, ConsoleUserLedgerCall, ({ input }) => userLedger(ctx.db, input.id, input.page));
  registerCall(app, ConsoleRestrictCall, async ({ input, session, locale, audit }) => {
    audit(await restrictUser(ctx, app.sessions, session.userId, input));
    return saved(locale);
  });
  registerCall(app, ConsoleRevokeSessionsCall, async ({ input, locale, audit }) => {
    audit(await revokeSessions(ctx, app.sessions, input.id, input.session_id));
    return saved(locale);
  });
  registerCall(app, ConsoleSetRoleCall, async ({ input, session, locale, audit }) => {
    audit(await setStaffRole(ctx, app.sessions, session.userId, input.id, input.role));
    return saved(locale);
  });

  registerCall(app, ConsoleAuditCall, ({ input }) => listAudit(ctx.db, input));
  registerCall(app, ConsoleApprovalsCall, ({ input }) => listApprovals(ctx.db, input));
  registerCall(app, ConsoleDecideApprovalCall, async ({ input, session, locale, audit }) => {
    audit(await decideAdjustment(ctx, session.userId, input.id, input.decision));
    return saved(locale);
  });
  registerCall(app, ConsoleAdjustCall, async ({ input, session, audit }) => {
    const { result, change } = await requestAdjustment(ctx, session.userId, input);
    audit(change);
    return result;
  });

  registerCall(app, ConsoleMarketsCall, () => listMarkets(ctx));
  registerCall(app, ConsoleMarketCall, async ({ input, locale, audit }) => {
    audit(await changeMarket(ctx, input));
    return saved(locale);
  });
}
