import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compareDecimal, trimZeros } from '@/shared/lib/display-decimal';
import { useCoinInfo } from '../api/get-coin-info';
import { useRupiahOpen } from '../api/get-rupiah-open';
import { useWithdrawFee } from '../api/get-withdraw-fee';
import { useFundingCoins } from './funding-coins';
import { hasThirdParty } from './third-party-entry';
import { useNow } from './time-left';

const AMOUNT = /^\d+(\.\d+)?$/;

export type WithdrawField = 'address' | 'amount' | 'password';
export type WithdrawErrors = Partial<Record<WithdrawField, string>>;

/**
 * The coin withdrawal form's state: the coin, its network and a bound address on it (one still cooling
 * down cannot be picked), the amount with its fee, the trade password, and the check of them all.
 */
export function useWithdrawForm() {
  const { t } = useTranslation('cash');
  const { coins, coin, pick } = useFundingCoins();
  const info = useCoinInfo(coin?.currency);
  const now = useNow();
  const [type, setType] = useState('');
  const [addressId, setAddressId] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<WithdrawErrors>({});

  const d = info.data;
  const rupiah = useRupiahOpen(coin?.currency, hasThirdParty(d?.is_show));
  const network = d?.type_data.find((n) => n.type === type) ?? d?.type_data[0];
  const addresses = (d?.wallet_data ?? []).filter((a) => a.type === network?.type);
  const address = addresses.find((a) => String(a.id) === addressId && a.usable_at <= now);
  const validAmount =
    AMOUNT.test(amount.trim()) && compareDecimal(amount.trim(), '0') > 0 ? amount.trim() : null;
  const fee = useWithdrawFee(coin?.currency, network?.type ?? '', validAmount);
  const needsReview = Boolean(d && validAmount && compareDecimal(validAmount, d.approval_above) > 0);

  const check = (): WithdrawErrors => {
    const e: WithdrawErrors = {};
    if (!address) e.address = t('error.addressRequired');
    if (!validAmount) e.amount = t('error.amountRequired');
    else if (network && compareDecimal(validAmount, network.min_number) < 0)
      e.amount = t('error.lessMin', { min: trimZeros(network.min_number), coin: d?.name ?? '' });
    else if (d && compareDecimal(validAmount, d.max_number) > 0)
      e.amount = t('error.moreMax', { max: trimZeros(d.max_number), coin: d.name });
    else if (d && compareDecimal(validAmount, d.change_balance) > 0) e.amount = t('error.insufficient');
    if (!password) e.password = t('error.passwordRequired');
    return e;
  };

  return {
    coins,
    coin,
    pick,
    /** Another coin: its network and address start over. */
    pickCoin: (id: number) => {
      pick(id);
      setAddressId('');
      setType('');
    },
    d,
    rupiah,
    now,
    network,
    /** Another network: the address starts over. */
    pickNetwork: (value: string) => {
      setType(value);
      setAddressId('');
    },
    addresses,
    addressId,
    setAddressId,
    address,
    amount,
    setAmount,
    validAmount,
    fee,
    needsReview,
    password,
    setPassword,
    errors,
    setErrors,
    check,
  };
}

export type WithdrawForm = ReturnType<typeof useWithdrawForm>;
