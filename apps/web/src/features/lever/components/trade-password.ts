import { useTranslation } from 'react-i18next';
import { useTradePassword as useTradePasswordDialog } from '@/shared/ui/trade-password';

/**
 * Opening a lever order (the one lever action that puts money at risk, and the one the server checks
 * the trade password for) asks for it first, in the trade password dialog (`shared/ui/trade-password.tsx`)
 * with the lever texts. Closing and revoking ask nothing.
 */
export function useTradePassword() {
  const { t } = useTranslation('lever');
  return useTradePasswordDialog({
    testId: 'lever',
    texts: {
      label: t('ui.password.label'),
      required: t('ui.password.required'),
      cancel: t('ui.actions.cancel'),
      confirm: t('ui.actions.confirm'),
    },
  });
}
