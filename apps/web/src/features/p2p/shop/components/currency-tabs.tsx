import { useTranslation } from 'react-i18next';
import { Tabs } from '@/shared/ui/tabs';
import { useLegalCurrencies } from '../api/get-legal-currencies';

/** Tabs of the legal currencies shops trade, after an "all" tab (value 0). */
export function CurrencyTabs({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation('shop');
  const list = useLegalCurrencies().data ?? [];
  return (
    <Tabs
      aria-label={t('field.currency')}
      variant="pill"
      wrap
      items={[
        { key: '0', label: t('filter.all') },
        ...list.map((c) => ({ key: String(c.id), label: c.name })),
      ]}
      value={String(value)}
      onChange={(k) => onChange(Number(k))}
    />
  );
}
