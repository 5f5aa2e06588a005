import { useTranslation } from 'react-i18next';
import { Card, Page, PageHeader } from '@/shared/ui/page';
import { CreateKeyCard } from './api-keys/create-key-card';
import { KeyListCard } from './api-keys/key-list-card';

/** /apiKeys: create (the secret shown once), list, disable and delete the keys of the Binance-compatible API. */
export default function ApiKeysPage() {
  const { t } = useTranslation('apikeys');
  return (
    <Page>
      <Card phone={720}>
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
        <p>
          {t('docs', {
            url: `${window.location.origin}/api/v3`,
            ws: `${window.location.origin.replace(/^http/, 'ws')}/ws`,
          })}
        </p>
      </Card>
      <CreateKeyCard />
      <KeyListCard />
    </Page>
  );
}
