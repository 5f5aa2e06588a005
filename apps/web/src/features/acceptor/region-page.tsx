import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionUserRow } from '@oryx/contracts/acceptor/calls';
import { REGION_NAME_MAX } from '@oryx/contracts/acceptor/calls';
import type { z } from 'zod';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { toast } from '@/shared/ui/toast';
import { useMyRegion } from './api/get-my-region';
import { useRegionUsers } from './api/get-region-users';
import { useSetRegion } from './api/set-region';
import { Card, Page } from '@/shared/ui/page';
import styles from './acceptor.module.css';

type Row = z.infer<typeof RegionUserRow>;

/** /region: my region (everyone) and, for a region agent, the users registered in the agent's region. */
export default function RegionPage() {
  const { t } = useTranslation('acceptor');
  const region = useMyRegion();
  const isAgent = region.data?.is_agent === 1;
  return (
    <Page>
      <MyRegion />
      <Card>
        <h1 className={styles.title}>{t('region.users')}</h1>
        {region.data && !isAgent ? (
          <p className={styles.denied} data-testid="region-denied">
            {t('region.notAgent')}
          </p>
        ) : (
          <AgentUsers enabled={isAgent} />
        )}
      </Card>
    </Page>
  );
}

function AgentUsers({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('acceptor');
  const users = useRegionUsers(enabled);
  const first = users.data?.pages[0];
  const columns: Column<Row>[] = [
    { key: 'city', title: t('region.city'), render: (r) => r.city_name },
    { key: 'district', title: t('region.district'), render: (r) => r.district_name },
    { key: 'phone', title: t('region.phone'), render: (r) => <span className={styles.num}>{r.phone}</span> },
    { key: 'time', title: t('region.time'), render: (r) => <span className={styles.num}>{r.time}</span> },
  ];
  return (
    <>
      {first && (
        <p className={styles.muted}>
          {t('region.agentOf', {
            place: `${first.city_name} · ${first.district_name || t('region.wholeCity')}`,
          })}
        </p>
      )}
      <div className={styles.flat}>
        <Table
          {...pagedTable(users, (p) => p.data)}
          aria-label={t('region.users')}
          columns={columns}
          rowKey={(r, i) => `${r.phone}-${r.time}-${i}`}
          loading={!enabled || users.isPending}
          emptyText={t('region.empty')}
          cards
        />
      </div>
    </>
  );
}

function MyRegion() {
  const { t } = useTranslation('acceptor');
  const region = useMyRegion();
  const save = useSetRegion();
  const [city, setCity] = useState('');
  const [district, setDistrict] = useState('');
  const [cityError, setCityError] = useState(false);
  useEffect(() => {
    if (!region.data) return;
    setCity(region.data.city_name);
    setDistrict(region.data.district_name);
  }, [region.data]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (city.trim() === '') return setCityError(true);
    save.mutate(
      { city_name: city.trim(), district_name: district.trim() },
      { onSuccess: (msg) => toast.success(msg) },
    );
  };
  return (
    <Card>
      <h2 className={styles.sectionTitle}>{t('region.mine')}</h2>
      <p className={styles.muted}>{t('region.mineHint')}</p>
      <form className={styles.regionForm} onSubmit={onSubmit} noValidate>
        <Input
          label={t('region.city')}
          value={city}
          maxLength={REGION_NAME_MAX}
          onChange={(e) => {
            setCity(e.target.value);
            setCityError(false);
          }}
          error={cityError ? t('region.errCity') : undefined}
        />
        <Input
          label={t('region.district')}
          value={district}
          maxLength={REGION_NAME_MAX}
          onChange={(e) => setDistrict(e.target.value)}
        />
        <Button type="submit" loading={save.isPending}>
          {t('region.save')}
        </Button>
      </form>
    </Card>
  );
}
