import { useTranslation } from 'react-i18next';
import { useAccountLog } from './api/get-account-log';
import { LogTable } from './components/log-table';
import { Card, PageHeader } from '@/shared/ui/page';

/** `/balancelog`: every movement of every account, newest first, 20 a page. */
export default function BalanceLogPage() {
  const { t } = useTranslation('wallet');
  const log = useAccountLog();
  return (
    <>
      <Card phone={860}>
        <PageHeader title={t('log.title')} subtitle={t('log.subtitle')} />
      </Card>
      <Card phone={860} flush>
        <LogTable query={log} label={t('log.title')} />
      </Card>
    </>
  );
}
