import type { FastifyInstance } from 'fastify';
import {
  AccountCentreCall,
  AccountLogCall,
  TransferHistoryCall,
  UserCurrencyListCall,
  WalletChangeCall,
  WalletDetailCall,
  WalletLegalLogCall,
  WalletListCall,
} from '@oryx/contracts/wallet/calls';
import { userCurrencyList } from './currency-list';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { idempotent } from '../../lib/idempotency';
import {
  accountCentre,
  accountLog,
  transferBetweenWallets,
  transferHistory,
  walletDetail,
  walletList,
  walletLog,
} from './service';
import './demo-seed';

export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, WalletListCall, ({ session }) => walletList(ctx, session.userId));
  registerCall(app, AccountCentreCall, ({ session }) => accountCentre(ctx, session.userId));
  registerCall(app, WalletDetailCall, ({ session, input }) =>
    walletDetail(ctx, session.userId, input.currency, input.type),
  );
  registerCall(app, WalletChangeCall, (r) =>
    idempotent(ctx, r, 'wallet.change', (trx) =>
      transferBetweenWallets(ctx, trx, r.session.userId, r.input, r.locale),
    ),
  );
  registerCall(app, WalletLegalLogCall, ({ session, input, locale }) =>
    walletLog(ctx, session.userId, locale, input),
  );
  registerCall(app, AccountLogCall, ({ session, input, locale }) =>
    accountLog(ctx, session.userId, locale, input),
  );
  registerCall(app, TransferHistoryCall, ({ session, input, locale }) =>
    transferHistory(ctx, session.userId, locale, input),
  );
  registerCall(app, UserCurrencyListCall, ({ session }) => userCurrencyList(ctx, session?.userId));
}
