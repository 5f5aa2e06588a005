import { useTranslation } from 'react-i18next';
import { useTradePassword as useTradePasswordDialog } from '@/shared/ui/trade-password';

/** The trade password dialog (`shared/ui/trade-password.tsx`) with the shop texts. */
export function useTradePassword() {
  const { t } = useTranslation('shop');
  return useTradePasswordDialog({
    testId: 'shop',
    texts: {
      label: t('password.label'),
      required: t('password.required'),
      cancel: t('action.cancel'),
      confirm: t('action.confirm'),
    },
  });
}
