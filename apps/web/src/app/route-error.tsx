import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { NotFoundPage } from './not-found-page';
import styles from './layout/layout.module.css';

/** A page that failed to load or render: a way back instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <section className={styles.message} role="alert">
      <h1 className={styles.messageTitle}>{t('state.error')}</h1>
      <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
    </section>
  );
}
