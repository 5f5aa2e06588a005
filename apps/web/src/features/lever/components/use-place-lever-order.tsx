import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LEVER_STATUS, LEVER_TYPE } from '@oryx/contracts/lever/calls';
import { isPositive } from '@/shared/lib/display-decimal';
import { toast } from '@/shared/ui/toast';
import type { LeverDeal } from '../api/get-lever-deal';
import { useSubmitOrder } from '../api/submit-order';
import { ConfirmSummary } from './order-form-parts';
import { useTradePassword } from './trade-password';
import type { LeverOrderForm } from './use-lever-order-form';

/**
 * Placing the lever order: checks the form, asks for the trade password over a summary of the order,
 * sends it, and moves to the positions (market) or the pending orders (limit). The password dialog is
 * `dialog`, rendered by the form.
 */
export function usePlaceLeverOrder(deal: LeverDeal | undefined, quote: string) {
  const { t } = useTranslation('lever');
  const navigate = useNavigate();
  const submitOrder = useSubmitOrder();
  const password = useTradePassword();
  const busy = useRef(false);

  const submit = async (form: LeverOrderForm) => {
    const { side, mode, multiple, lots, price, min, max, preview } = form;
    if (busy.current) return;
    if (!deal) return toast.error(t('ui.valid.delisted'));
    if (!multiple) return toast.error(t('ui.valid.multiple'));
    if (mode === 'limit' && !isPositive(price)) return toast.error(t('ui.valid.price'));
    const n = /^\d+$/.test(lots.trim()) ? Number(lots.trim()) : NaN;
    if (!Number.isInteger(n) || n <= 0) return toast.error(t('ui.valid.integer'));
    if (n < min) return toast.error(t('ui.valid.notLess', { min }));
    if (max > 0 && n > max) return toast.error(t('ui.valid.notMore', { max }));
    busy.current = true;
    try {
      const sidePair = t(side === 'long' ? 'ui.form.long' : 'ui.form.short');
      const pass = await password.ask({
        title: `${sidePair} ${deal.symbol}`,
        okText: sidePair,
        body: preview && <ConfirmSummary form={form} lots={n} quote={quote} />,
      });
      if (pass === null) return;
      const message = await submitOrder.mutateAsync({
        legal_id: deal.legal_id,
        currency_id: deal.currency_id,
        multiple: Number(multiple),
        share: n,
        type: side === 'long' ? LEVER_TYPE.long : LEVER_TYPE.short,
        status: mode === 'market' ? LEVER_STATUS.open : LEVER_STATUS.pending,
        target_price: mode === 'market' ? '' : price,
        password: pass,
      });
      toast.success(message || t(mode === 'market' ? 'submitted' : 'pending'));
      form.setLots('');
      const market = `legalId=${deal.legal_id}&currencyId=${deal.currency_id}`;
      navigate(mode === 'market' ? `/leverTransactions?${market}` : `/leverList?${market}`);
    } catch {
      // The API client has shown the server's message (and handles 999 / 996 / not).
    } finally {
      busy.current = false;
    }
  };

  return { submit, isPending: submitOrder.isPending, dialog: password.dialog };
}
