import type { FastifyInstance } from 'fastify';
import { translate } from '@oryx/i18n';
import {
  AntiPhishingCall,
  EndOtherSessionsCall,
  EndSessionCall,
  LoginHistoryCall,
  RecoveryCodesCall,
  SecurityOverviewCall,
  SessionsCall,
  TwoFactorConfirmCall,
  TwoFactorDisableCall,
  TwoFactorSetupCall,
} from '@oryx/contracts/security/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { AppError } from '../../lib/app-error';
import { overview, setAntiPhishing } from './service';
import { confirmTwoFactor, disableTwoFactor, newRecoveryCodes, startTwoFactor } from './two-factor-setup';
import { loginHistory, openSessions } from './sessions';

export async function securityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const saved = (locale: string) => translate(locale, 'auth.common.saved');
  // Every call acts on the session's own user; only the freeze (operators) names one.
  registerCall(app, SecurityOverviewCall, ({ session }) => overview(ctx, session.userId));
  registerCall(app, TwoFactorSetupCall, ({ session }) => startTwoFactor(ctx, session.userId));
  registerCall(app, TwoFactorConfirmCall, ({ session, input, ip }) =>
    confirmTwoFactor(ctx, session.userId, input.code, { password: input.password, ip }),
  );
  registerCall(app, TwoFactorDisableCall, async ({ session, input, locale, ip }) => {
    await disableTwoFactor(ctx, session.userId, input.code, { password: input.password, ip });
    return saved(locale);
  });
  registerCall(app, RecoveryCodesCall, ({ session, input }) =>
    newRecoveryCodes(ctx, session.userId, input.code),
  );
  registerCall(app, AntiPhishingCall, async ({ session, input, locale }) => {
    await setAntiPhishing(ctx, session.userId, input);
    return saved(locale);
  });
  registerCall(app, SessionsCall, async ({ session }) => ({
    list: await openSessions(ctx, session.userId, session.sessionId),
  }));
  registerCall(app, LoginHistoryCall, async ({ session }) => ({
    list: await loginHistory(ctx, session.userId),
  }));
  registerCall(app, EndSessionCall, async ({ session, input, locale }) => {
    if (!(await app.sessions.revokeOne(session.userId, input.id)))
      throw new AppError('NOT_FOUND', { path: 'session' });
    return saved(locale);
  });
  registerCall(app, EndOtherSessionsCall, async ({ session }) => ({
    ended: await app.sessions.revokeOthers(session.userId, session.sessionId),
  }));
}
