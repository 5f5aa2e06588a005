import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/ui/toast';
import { useBatchClose, type BatchCloseType } from '../api/batch-close';
import { useCancelOrder } from '../api/cancel-order';
import { useClosePosition } from '../api/close-position';
import { useTradePassword } from './trade-password';

/** What an action needs to name the order in its dialog. */
export interface OrderRef {
  id: number;
  symbol: string;
}

/**
 * Close, revoke and batch close, each after the trade password. Render `dialog` once in the page.
 * Resolve true when the server took the action.
 */
export function useOrderActions() {
  const { t } = useTranslation('lever');
  const password = useTradePassword();
  const closeOne = useClosePosition();
  const cancelOne = useCancelOrder();
  const batch = useBatchClose();

  const run = async (
    ask: () => Promise<string | null>,
    act: (pass: string) => Promise<string>,
    done: string,
  ) => {
    const pass = await ask();
    if (pass === null) return false;
    try {
      const message = await act(pass);
      toast.success(message || done);
      return true;
    } catch {
      // The API client has shown the server's message.
      return false;
    }
  };

  const close = (order: OrderRef) =>
    run(
      () =>
        password.ask({
          title: t('ui.actions.closeTitle', { id: order.id, symbol: order.symbol }),
          okText: t('ui.actions.close'),
        }),
      (pass) => closeOne.mutateAsync({ id: order.id, password: pass }),
      t('closed'),
    );
  const revoke = (order: OrderRef) =>
    run(
      () =>
        password.ask({
          title: t('ui.actions.revokeTitle', { id: order.id, symbol: order.symbol }),
          okText: t('ui.actions.revoke'),
        }),
      (pass) => cancelOne.mutateAsync({ id: order.id, password: pass }),
      t('cancelled'),
    );
  const closeBatch = (type: BatchCloseType, legalId?: number) =>
    run(
      () =>
        password.ask({
          title: t(`ui.batch.title${type}`),
          body: <p>{t('ui.batch.note')}</p>,
          okText: t(`ui.batch.type${type}`),
        }),
      (pass) => batch.mutateAsync({ type, password: pass, legal_id: legalId ?? 0 }),
      t('ui.batch.done'),
    );
  const busy = closeOne.isPending || cancelOne.isPending || batch.isPending;
  return { close, revoke, closeBatch, busy, dialog: password.dialog };
}
