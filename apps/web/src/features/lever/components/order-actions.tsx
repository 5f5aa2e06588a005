import { useTranslation } from 'react-i18next';
import { confirm } from '@/shared/ui/confirm';
import { toast } from '@/shared/ui/toast';
import { useBatchClose, type BatchCloseType } from '../api/batch-close';
import { useCancelOrder } from '../api/cancel-order';
import { useClosePosition } from '../api/close-position';

/** What an action needs to name the order. */
export interface OrderRef {
  id: number;
  symbol: string;
}

/**
 * Close, revoke and batch close. They only give money back (margin ± P/L, or margin and fee), so no
 * trade password is asked: the server does not check one for them, and a prompt that checks nothing
 * would only pretend to protect. Closing one position or revoking one order goes at once; closing many
 * asks a plain yes / cancel first. Resolve true when the server took the action.
 */
export function useOrderActions() {
  const { t } = useTranslation('lever');
  const closeOne = useClosePosition();
  const cancelOne = useCancelOrder();
  const batch = useBatchClose();

  const run = async (act: () => Promise<string>, done: string) => {
    try {
      const message = await act();
      toast.success(message || done);
      return true;
    } catch {
      // The API client has shown the server's message.
      return false;
    }
  };

  const close = (order: OrderRef) => run(() => closeOne.mutateAsync({ id: order.id }), t('closed'));
  const revoke = (order: OrderRef) => run(() => cancelOne.mutateAsync({ id: order.id }), t('cancelled'));
  const closeBatch = async (type: BatchCloseType, legalId?: number) => {
    const yes = await confirm({
      title: t(`ui.batch.title${type}`),
      message: t('ui.batch.note'),
      okText: t(`ui.batch.type${type}`),
      cancelText: t('ui.actions.cancel'),
      danger: true,
    });
    if (!yes) return false;
    return run(() => batch.mutateAsync({ type, legal_id: legalId ?? 0 }), t('ui.batch.done'));
  };
  const busy = closeOne.isPending || cancelOne.isPending || batch.isPending;
  return { close, revoke, closeBatch, busy };
}
