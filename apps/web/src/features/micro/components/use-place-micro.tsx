import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotationItem } from '@oryx/contracts/market/calls';
import type { PayableCurrency, SecondsOption } from '@oryx/contracts/micro/calls';
import { STORAGE_KEYS, storage, useStorageItem } from '@/shared/storage/storage';
import { confirm } from '@/shared/ui/confirm';
import { toast } from '@/shared/ui/toast';
import { useSubmitMicro } from '../api/submit-order';
import type { ParsedStake, StakeError } from '../stake';
import { MicroConfirmBody } from './micro-confirm';

export interface MicroDraft {
  stake: ParsedStake;
  currency: PayableCurrency | undefined;
  option: SecondsOption | undefined;
}

/**
 * Placing a seconds order up (1) or down (2): a refused stake is reported (`onStakeError`) and never
 * sent; otherwise the order is confirmed in a dialog unless the user turned that off (kept in the
 * browser), then sent. A second submission is blocked until the first reply arrives.
 */
export function usePlaceMicro(pair: QuotationItem, onStakeError: (error: StakeError) => void) {
  const { t } = useTranslation('micro');
  const submit = useSubmitMicro();
  // The guard: a ref, so two clicks in the same frame cannot both pass before React re-renders.
  const isSubmitting = useRef(false);
  const isConfirming = useStorageItem(STORAGE_KEYS.microConfirm) !== '0';
  const setConfirming = (on: boolean) => storage.set(STORAGE_KEYS.microConfirm, on ? '1' : '0');

  /** Resolves true to go on: no dialog wanted, or the user said yes. */
  const confirmed = async (type: 1 | 2, number: string, currency: PayableCurrency, option: SecondsOption) => {
    if (!isConfirming) return true;
    let skipNextTime = false;
    const yes = await confirm({
      title: t('confirm.title', { pair: pair.symbol }),
      message: (
        <MicroConfirmBody
          {...{ type, number, currency, option }}
          onSkipChange={(checked) => (skipNextTime = checked)}
        />
      ),
      okText: type === 1 ? t('panel.up') : t('panel.down'),
    });
    if (yes && skipNextTime) setConfirming(false);
    return yes;
  };

  const place = async (type: 1 | 2, { stake, currency, option }: MicroDraft) => {
    if (isSubmitting.current) return;
    if (stake.value === null) {
      // A refused stake is never sent: '10.5' stays '10.5' on screen with the whole-number message.
      onStakeError(stake.error ?? 'invalid');
      return;
    }
    if (!currency || !option) return;
    // What the dialog shows is what is sent.
    const number = stake.value;
    isSubmitting.current = true;
    try {
      if (!(await confirmed(type, number, currency, option))) return;
      const message = await submit.mutateAsync({
        match_id: pair.id,
        currency_id: currency.id,
        type,
        seconds: option.seconds,
        number,
      });
      toast.success(message);
    } catch {
      // The API client has shown the server's message.
    } finally {
      isSubmitting.current = false;
    }
  };

  return { place, isPending: submit.isPending, isConfirming, setConfirming };
}
