import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/shared/ui/skeleton';
import { Tabs } from '@/shared/ui/tabs';
import { useC2cCurrencies } from '../api/get-currencies';

export interface CurrencyTabsProps {
  value: number;
  onChange: (id: number) => void;
}

/** Tabs of the C2C currencies (the legal wallet's); picks the first one when none is chosen. */
export function CurrencyTabs({ value, onChange }: CurrencyTabsProps) {
  const { t } = useTranslation('c2c');
  const currencies = useC2cCurrencies();
  const first = currencies.data?.[0]?.id;
  useEffect(() => {
    if (!value && first) onChange(first);
  }, [value, first, onChange]);
  if (!currencies.data) return <Skeleton width={220} height={30} />;
  return (
    <Tabs
      wrap
      aria-label={t('market.currency')}
      items={currencies.data.map((c) => ({ key: String(c.id), label: c.name }))}
      value={String(value)}
      onChange={(k) => onChange(Number(k))}
    />
  );
}
