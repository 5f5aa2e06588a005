import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { useUserInfo } from '@/shared/session/get-user-info';
import { Footer } from './footer';
import { Header } from './header';
import styles from './layout.module.css';

/** The shell around every page but the standalone ones: header, page, footer. */
export function AppLayout() {
  // Logged in: load the user once for the whole shell (it also refreshes the stored user fields).
  useUserInfo();
  const navigation = useNavigation();
  return (
    <div className={styles.shell}>
      {navigation.state === 'loading' && <div className={styles.progress} role="progressbar" />}
      <Header />
      <main className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
