/** The deal chat and appeal-answer calls (chat.ts, appeal-answer.ts; README.md "Chat and answers"). */
import type { FastifyInstance } from 'fastify';
import {
  AdminP2pDealChatCall,
  C2cAppealAnswerCall,
  C2cAppealAnswerViewCall,
  C2cDealMessageCall,
  C2cDealMessagesCall,
} from '@oryx/contracts/p2p/chat-calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { adminDealChat, answerAppeal, partyAnswerView } from './appeal-answer';
import { postMessage, readChat } from './chat';

export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, C2cDealMessagesCall, ({ session, input }) =>
    readChat(ctx, session.userId, input.id, input.after),
  );
  registerCall(app, C2cDealMessageCall, ({ session, input }) =>
    postMessage(ctx, session.userId, input.id, input.text),
  );
  registerCall(app, C2cAppealAnswerViewCall, ({ session, input }) =>
    partyAnswerView(ctx.db, session.userId, input.id),
  );
  registerCall(app, C2cAppealAnswerCall, async ({ session, input, locale }) => {
    await answerAppeal(ctx, session.userId, input.id, input);
    return translate(locale, 'p2p.ok.answered');
  });
  registerCall(app, AdminP2pDealChatCall, ({ input }) => adminDealChat(ctx.db, input.id));
}
