import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import styles from './console.module.css';

/** Previous / next for the console's paged lists. */
export function Pager({
  page,
  total,
  size,
  onPage,
}: {
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('console');
  const last = Math.max(1, Math.ceil(total / size));
  if (last <= 1) return null;
  return (
    <div className={styles.pager}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </Button>
      <span>{t('pager.of', { page, last, total })}</span>
      <Button size="sm" variant="secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </div>
  );
}
