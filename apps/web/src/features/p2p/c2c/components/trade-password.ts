import { useTranslation } from 'react-i18next';
import { useTradePassword as useTradePasswordDialog } from '@/shared/ui/trade-password';

/** The trade password dialog (`shared/ui/trade-password.tsx`) with the C2C texts. */
export function useTradePassword() {
  const { t } = useTranslation('c2c');
  return useTradePasswordDialog({
    testId: 'c2c',
    texts: {
      label: t('password.label'),
      required: t('password.required'),
      cancel: t('actions.cancel'),
      confirm: t('actions.confirm'),
    },
  });
}
