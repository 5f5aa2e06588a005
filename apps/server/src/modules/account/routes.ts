import type { FastifyInstance } from 'fastify';
import {
  AddBankCall,
  AuthorizationCodeCall,
  BankListCall,
  BindEmailCall,
  CashInfoCall,
  CashSaveCall,
  JudgePasswordCall,
  SetAccountCall,
  UpdateTradePasswordCall,
  UserBankCall,
  UserCenterCall,
  UserInfoCall,
} from '@oryx/contracts/account/calls';
import { SetNicknameCall } from '@oryx/contracts/account/nickname';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import {
  addBank,
  authorizationCode,
  bankList,
  bindEmail,
  cashInfo,
  cashSave,
  judgePassword,
  setAccount,
  updateTradePassword,
  userBank,
  userCenter,
  userInfo,
} from './service';
import { setNickname } from './nickname';

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, UserInfoCall, ({ session }) => userInfo(ctx, session.userId));

  // Every call below acts on the session's own user: no id is ever taken from the request.
  registerCall(app, UserCenterCall, ({ session }) => userCenter(ctx, session.userId));
  registerCall(app, JudgePasswordCall, ({ session, locale }) => judgePassword(ctx, session.userId, locale));
  registerCall(app, UpdateTradePasswordCall, async ({ session, input, locale }) => {
    const message = await updateTradePassword(ctx, session.userId, input, locale);
    app.sessions.forgetUser(session.userId); // the session's hasTradePassword is read again
    return message;
  });
  registerCall(app, BindEmailCall, ({ session, input, locale, ip }) =>
    bindEmail(ctx, session.userId, input, { locale, ip }),
  );
  registerCall(app, AuthorizationCodeCall, ({ session }) => authorizationCode(ctx, session.userId));
  registerCall(app, SetAccountCall, ({ session, input, locale, ip }) =>
    setAccount(ctx, session.userId, input, { locale, ip }),
  );
  registerCall(app, BankListCall, ({ input, session, locale }) =>
    bankList(ctx, session?.userId ?? null, input, locale),
  );
  registerCall(app, UserBankCall, ({ session }) => userBank(ctx, session.userId));
  registerCall(app, AddBankCall, ({ session, input, locale, ip }) =>
    addBank(ctx, session.userId, input, { locale, ip }),
  );
  registerCall(app, CashInfoCall, ({ session }) => cashInfo(ctx, session.userId));
  registerCall(app, CashSaveCall, ({ session, input, locale, ip }) =>
    cashSave(ctx, session.userId, input, { locale, ip }),
  );
  registerCall(app, SetNicknameCall, ({ session, input, locale }) =>
    setNickname(ctx, session.userId, input, locale),
  );
}
