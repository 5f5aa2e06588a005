import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { WithdrawAddress } from '@oryx/contracts/funding/calls';
import { newSandboxTicket } from '@/shared/api/sandbox-code';
import { useEnv } from '@/shared/session/get-env';
import { Button } from '@/shared/ui/button';
import { CodeInput } from '@/shared/ui/code-input';
import { confirm } from '@/shared/ui/confirm';
import { Input } from '@/shared/ui/input';
import { SandboxCodeNotice } from '@/shared/ui/sandbox-code-notice';
import { Select } from '@/shared/ui/select';
import { Table, type Column } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useAddAddress } from './api/add-address';
import { useAddresses } from './api/get-addresses';
import { useCoinInfo } from './api/get-coin-info';
import { useDeleteAddress } from './api/delete-address';
import { useTwoFactorOn } from './api/get-two-factor';
import { useSendAddressCode } from './api/send-address-code';
import { CoinSelect } from './components/coin-select';
import { useFundingCoins } from './components/funding-coins';
import { FundingGate } from './components/funding-gate';
import { SandboxBadge } from './components/sandbox-badge';
import { splitDuration, useNow } from './components/time-left';
import { Card, PageHeader, cardClass } from '@/shared/ui/page';
import styles from './funding.module.css';

type Row = z.infer<typeof WithdrawAddress>;
const RESEND_SECONDS = 60;

/** `/withdraw_address?currency=`: bind an address with a code sent to the user, list, delete, cool-off. */
export default function WithdrawAddressPage() {
  const { t } = useTranslation('cash');
  return (
    <FundingGate title={t('address.title')}>
      <WithdrawAddresses />
    </FundingGate>
  );
}

function WithdrawAddresses() {
  const { t } = useTranslation('cash');
  const { coins, coin, pick } = useFundingCoins();
  const info = useCoinInfo(coin?.currency);
  const list = useAddresses(coin?.currency);
  const now = useNow();
  const remove = useDeleteAddress();
  const cooloffMs = info.data?.address_cooloff_ms ?? 86_400_000;
  // Under an hour (the demo's cool-off) in minutes, else in hours.
  const subtitle =
    cooloffMs < 3_600_000
      ? t('cooloff.subtitleMinutes', { minutes: Math.round((cooloffMs / 60_000) * 10) / 10 })
      : t('address.subtitle', { hours: Math.round((cooloffMs / 3_600_000) * 100) / 100 });

  const onDelete = async (r: Row) => {
    const yes = await confirm({ message: t('address.confirmDelete', { address: r.address }) });
    if (yes) remove.mutate(r.id, { onSuccess: () => toast.success(t('address.deleted')) });
  };

  const columns: Column<Row>[] = [
    { key: 'network', title: t('field.network'), render: (r) => r.network },
    {
      key: 'address',
      title: t('field.address'),
      render: (r) => (
        <code className={styles.addressCell}>
          {r.address}
          {r.memo ? ` · ${t('field.memo')} ${r.memo}` : ''}
        </code>
      ),
    },
    {
      key: 'state',
      title: t('table.status'),
      render: (r) => {
        if (r.usable_at <= now)
          return <span className={`${styles.status} ${styles.ok}`}>{t('address.usable')}</span>;
        const { h, m, s } = splitDuration(r.usable_at - now);
        return (
          <span className={`${styles.status} ${styles.wait}`} data-testid="address-cooling">
            {t('address.cooling', { h, m, s })}
          </span>
        );
      },
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (r) => (
        <Button type="button" size="sm" variant="ghost" onClick={() => void onDelete(r)}>
          {t('address.delete')}
        </Button>
      ),
    },
  ];

  return (
    <div className={styles.stack}>
      <Card phone={860}>
        <PageHeader
          title={t('address.title')}
          subtitle={subtitle}
          actions={
            <Link className={styles.link} to={`/setCash?currency=${coin?.currency ?? ''}`}>
              {t('nav.withdraw')}
            </Link>
          }
        />
      </Card>
      {coin && info.data && (
        <BindForm
          key={coin.currency}
          coins={coins}
          currency={coin.currency}
          onPick={pick}
          networks={info.data.type_data}
          isMemo={info.data.make_wallet === 2}
        />
      )}
      <Card phone={860} flush>
        <div className={styles.toolbar}>
          <h2 className={styles.sectionTitle}>{t('address.list', { coin: coin?.currency_name ?? '' })}</h2>
        </div>
        <Table
          aria-label={t('address.list', { coin: coin?.currency_name ?? '' })}
          columns={columns}
          rows={list.data}
          rowKey={(r) => r.id}
          loading={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
          cards
        />
      </Card>
    </div>
  );
}

function BindForm(props: {
  coins: Parameters<typeof CoinSelect>[0]['coins'];
  currency: number;
  onPick: (id: number) => void;
  networks: { type: string; name: string; test_address?: string }[];
  isMemo: boolean;
}) {
  const { t } = useTranslation('cash');
  // `type` and `address` in the query prefill the form (the withdrawal page's sandbox test address).
  const [params] = useSearchParams();
  const asked = props.networks.find((n) => n.type === params.get('type'));
  const add = useAddAddress();
  const send = useSendAddressCode();
  const totp = useTotpStep(useTwoFactorOn().data === true);
  const [type, setType] = useState(asked?.type ?? props.networks[0]?.type ?? '');
  const [address, setAddress] = useState(asked ? (params.get('address') ?? '') : '');
  const isTestAddress = address !== '' && props.networks.some((n) => n.test_address === address);
  const [memo, setMemo] = useState(isTestAddress && props.isMemo ? 'TEST' : '');
  const [code, setCode] = useState('');
  const sandbox = useEnv().data?.sandbox_codes === true;
  const [sandboxTicket, setSandboxTicket] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ address?: string; memo?: string; code?: string }>({});

  const onSend = async () => {
    const ticket = sandbox ? newSandboxTicket() : undefined;
    try {
      const r = await send.mutateAsync(ticket);
      toast.success(t('address.codeSent', { to: r.destination }));
      if (ticket) setSandboxTicket(ticket);
      return true;
    } catch {
      return false;
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      address: address.trim() ? undefined : t('error.addressRequired'),
      memo: props.isMemo && !memo.trim() ? t('error.memoRequired') : undefined,
      code: code.trim() ? undefined : t('error.codeRequired'),
    };
    setErrors(next);
    if (next.address || next.memo || next.code) return;
    add.mutate(
      {
        currency: props.currency,
        type,
        address: address.trim(),
        memo: memo.trim(),
        code: code.trim(),
        ...totp.input,
      },
      {
        // The second factor is checked before the e-mailed code is spent: the same code goes again.
        onError: totp.onError,
        onSuccess: () => {
          toast.success(t('address.bound'));
          setAddress('');
          setMemo('');
          setCode('');
        },
      },
    );
  };
  return (
    <form
      className={`${cardClass({ phone: 860 })} ${styles.form}`}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('address.bind')}
    >
      <h2 className={styles.sectionTitle}>{t('address.bind')}</h2>
      <CoinSelect id="address-coin" coins={props.coins} value={props.currency} onPick={props.onPick} />
      <Select
        id="address-network"
        name="type"
        label={t('field.network')}
        value={type}
        onChange={(e) => setType(e.target.value)}
      >
        {props.networks.map((n) => (
          <option key={n.type} value={n.type}>
            {n.name}
          </option>
        ))}
      </Select>
      <Input
        label={t('field.address')}
        name="address"
        autoComplete="off"
        spellCheck={false}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        error={errors.address}
      />
      {isTestAddress && (
        <p className={styles.sandboxNote} data-testid="test-address-filled">
          <SandboxBadge /> {t('testAddress.filled')}
        </p>
      )}
      {props.isMemo && (
        <Input
          label={t('field.memo')}
          name="memo"
          autoComplete="off"
          value={memo}
          onChange={(e) => setMemo(e.target.value)}
          error={errors.memo}
          hint={t('address.memoHint')}
        />
      )}
      <CodeInput
        value={code}
        onChange={setCode}
        onSend={onSend}
        seconds={RESEND_SECONDS}
        error={errors.code}
        hint={t('address.codeHint')}
      />
      <SandboxCodeNotice ticket={sandboxTicket} onUse={setCode} />
      {totp.field}
      <Button type="submit" disabled={add.isPending} data-testid="bind-address">
        {t('address.submit')}
      </Button>
    </form>
  );
}
