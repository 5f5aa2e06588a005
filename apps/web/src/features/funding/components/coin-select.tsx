import { useTranslation } from 'react-i18next';
import { Select } from '@/shared/ui/select';
import type { WalletBalanceRow } from '@oryx/contracts/wallet/calls';

/** The coin picker of the deposit, withdrawal and address pages. */
export function CoinSelect({
  coins,
  value,
  onPick,
  id,
}: {
  coins: readonly WalletBalanceRow[];
  value: number | undefined;
  onPick: (id: number) => void;
  id: string;
}) {
  const { t } = useTranslation('cash');
  return (
    <Select
      id={id}
      name="currency"
      label={t('field.coin')}
      value={value ?? ''}
      disabled={coins.length === 0}
      onChange={(e) => onPick(Number(e.target.value))}
    >
      {coins.map((c) => (
        <option key={c.currency} value={c.currency}>
          {c.currency_name}
        </option>
      ))}
    </Select>
  );
}
