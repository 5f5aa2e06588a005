import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ConsoleUserRow } from '@oryx/contracts/console/calls';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Table } from '@/shared/ui/table';
import { useUsers } from './api/users';
import { formatTime } from './format';
import { Pager } from './pager';
import styles from './console.module.css';

const PAGE = 20;

export function UserTags({ u }: { u: ConsoleUserRow }) {
  const { t } = useTranslation('console');
  return (
    <span className={styles.tags}>
      {u.role !== 'user' && <span className={styles.warn}>{t(`role.${u.role}`)}</span>}
      {u.is_seller === 1 && <span className={styles.tag}>{t('user.seller')}</span>}
      {u.review_status === 2 && <span className={styles.ok}>{t('user.verified')}</span>}
      {u.frozen.login && <span className={styles.bad}>{t('user.frozenLogin')}</span>}
      {u.frozen.trade && <span className={styles.bad}>{t('user.frozenTrade')}</span>}
      {u.frozen.withdraw && <span className={styles.bad}>{t('user.frozenWithdraw')}</span>}
    </span>
  );
}

/** /console/users: search by id, e-mail, phone or account number; a row opens the user. */
export default function UsersPage() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const users = useUsers(q, page);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
    setPage(1);
  };

  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t('users.title')}</h1>
      <form className={styles.row} onSubmit={onSearch} role="search">
        <Input
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" style={{ flex: '0 0 auto' }}>
          {t('users.find')}
        </Button>
      </form>
      <div style={{ marginTop: 16 }}>
        <Table
          cards
          aria-label={t('users.title')}
          rows={users.data?.data}
          loading={users.isPending}
          error={users.error}
          onRetry={() => void users.refetch()}
          rowKey={(u) => u.id}
          onRowClick={(u) => navigate(`/console/user?id=${u.id}`)}
          columns={[
            { key: 'id', title: 'ID' },
            { key: 'account', title: t('col.user'), render: (u) => u.email || u.phone },
            { key: 'account_number', title: t('col.accountNumber') },
            { key: 'tags', title: t('col.status'), render: (u) => <UserTags u={u} /> },
            { key: 'created_at', title: t('col.registered'), render: (u) => formatTime(u.created_at) },
          ]}
        />
        <Pager page={page} total={users.data?.total ?? 0} size={PAGE} onPage={setPage} />
      </div>
    </section>
  );
}
