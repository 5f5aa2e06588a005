import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallReply } from '@oryx/contracts/call';
import type { ConsoleUserCall } from '@oryx/contracts/console/calls';
import { USER_ROLES, type UserRole } from '@oryx/contracts/console/roles';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useAdjust, useRestrict, useRevokeSessions, useSetRole } from './api/users';
import { formatTime } from './format';
import styles from './console.module.css';

type Detail = CallReply<typeof ConsoleUserCall>;
const FLAGS = ['login', 'trade', 'withdraw'] as const;

/** Freeze or unfreeze login, trading, withdrawals; a reason is required and kept. */
export function RestrictionsForm({
  id,
  frozen,
  reason,
}: {
  id: number;
  frozen: Detail['user']['frozen'];
  reason: string;
}) {
  const { t } = useTranslation('console');
  const [flags, setFlags] = useState(frozen);
  const [why, setWhy] = useState(reason);
  const save = useRestrict();
  useEffect(() => setFlags(frozen), [frozen]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id,
        login: flags.login ? 1 : 0,
        trade: flags.trade ? 1 : 0,
        withdraw: flags.withdraw ? 1 : 0,
        reason: why,
      },
      { onSuccess: (m) => toast.success(m) },
    );
  };
  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>{t('user.restrictions')}</h2>
      <form className={styles.form} onSubmit={onSubmit}>
        <div className={styles.checks}>
          {FLAGS.map((f) => (
            <label key={f} className={styles.check}>
              <input
                type="checkbox"
                checked={flags[f]}
                onChange={(e) => setFlags({ ...flags, [f]: e.target.checked })}
              />
              {t(`user.freeze.${f}`)}
            </label>
          ))}
        </div>
        <Input
          label={t('user.reason')}
          value={why}
          maxLength={200}
          onChange={(e) => setWhy(e.target.value)}
        />
        <Button
          type="submit"
          loading={save.isPending}
          disabled={why.trim() === ''}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('action.save')}
        </Button>
      </form>
    </section>
  );
}

/** A correction: a new ledger movement with a reason (above the four-eyes amount: a request). */
export function AdjustForm({ id }: { id: number }) {
  const { t } = useTranslation('console');
  const [wallet, setWallet] = useState<'change' | 'legal' | 'lever' | 'micro' | 'deposit'>('change');
  const [currency, setCurrency] = useState('1');
  const [amount, setAmount] = useState('');
  const [why, setWhy] = useState('');
  const adjust = useAdjust();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await confirm({ message: t('user.adjustConfirm', { amount }), danger: amount.startsWith('-') })))
      return;
    adjust.mutate(
      { id, wallet, currency_id: Number(currency), amount: amount.trim(), reason: why },
      {
        onSuccess: (r) => {
          toast.success(r.status === 'done' ? t('user.adjustDone') : t('user.adjustPending'));
          setAmount('');
          setWhy('');
        },
      },
    );
  };
  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>{t('user.adjust')}</h2>
      <p className={styles.muted}>{t('user.adjustHint')}</p>
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} style={{ marginTop: 12 }}>
        <div className={styles.row}>
          <Select
            label={t('col.wallet')}
            value={wallet}
            onChange={(e) => setWallet(e.target.value as typeof wallet)}
          >
            {(['change', 'legal', 'lever', 'micro', 'deposit'] as const).map((w) => (
              <option key={w} value={w}>
                {t(`wallet.${w}`)}
              </option>
            ))}
          </Select>
          <Input
            label={t('user.currencyId')}
            value={currency}
            inputMode="numeric"
            onChange={(e) => setCurrency(e.target.value.replace(/\D/g, ''))}
          />
          <Input
            label={t('user.amount')}
            value={amount}
            placeholder="-12.5 / 100"
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <Input
          label={t('user.reason')}
          value={why}
          maxLength={200}
          onChange={(e) => setWhy(e.target.value)}
        />
        <Button
          type="submit"
          loading={adjust.isPending}
          disabled={!amount.trim() || !why.trim() || !currency}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('user.adjustSubmit')}
        </Button>
      </form>
    </section>
  );
}

/** The administrator sets a staff role (not their own). */
export function RoleForm({ id, role }: { id: number; role: UserRole }) {
  const { t } = useTranslation('console');
  const [value, setValue] = useState<UserRole>(role);
  const save = useSetRole();
  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>{t('user.role')}</h2>
      <div className={styles.row} style={{ maxWidth: 560 }}>
        <Select label={t('user.role')} value={value} onChange={(e) => setValue(e.target.value as UserRole)}>
          {USER_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </Select>
        <Button
          loading={save.isPending}
          disabled={value === role}
          style={{ flex: '0 0 auto' }}
          onClick={() => save.mutate({ id, role: value }, { onSuccess: (m) => toast.success(m) })}
        >
          {t('action.save')}
        </Button>
      </div>
    </section>
  );
}

export function SessionsCard({
  id,
  sessions,
  canAct,
}: {
  id: number;
  sessions: Detail['sessions'];
  canAct: boolean;
}) {
  const { t } = useTranslation('console');
  const revoke = useRevokeSessions();
  const done = (m: string) => toast.success(m);
  return (
    <section className={styles.card}>
      <div className={styles.head}>
        <h2 className={styles.sectionTitle}>{t('user.sessions')}</h2>
        {canAct && (
          <Button
            size="sm"
            variant="danger"
            loading={revoke.isPending}
            onClick={() => revoke.mutate({ id }, { onSuccess: done })}
          >
            {t('user.revokeAll')}
          </Button>
        )}
      </div>
      <Table
        cards
        rows={sessions}
        rowKey={(s) => s.id}
        columns={[
          { key: 'created_at', title: t('col.started'), render: (s) => formatTime(s.created_at) },
          { key: 'ip', title: t('col.ip') },
          {
            key: 'user_agent',
            title: t('col.device'),
            render: (s) => <span className={styles.mono}>{s.user_agent || '–'}</span>,
          },
          {
            key: 'state',
            title: t('col.status'),
            render: (s) =>
              s.revoked_at !== null ? (
                <span className={styles.tag}>{t('user.ended')}</span>
              ) : (
                <span className={styles.ok}>{t('user.active')}</span>
              ),
          },
          {
            key: 'x',
            title: '',
            render: (s) =>
              canAct && s.revoked_at === null ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => revoke.mutate({ id, session_id: s.id }, { onSuccess: done })}
                >
                  {t('user.revoke')}
                </Button>
              ) : null,
          },
        ]}
      />
    </section>
  );
}
