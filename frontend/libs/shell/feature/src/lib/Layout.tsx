import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Spinner, ToastRegion } from '@slotwise/shared-ui';
import { TOAST_MS } from '@slotwise/shared-util';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { ScrollToTop } from './ScrollToTop';
import { useTheme } from './theme';

/** navSearch: the navbar's search box, given by the app. */
export function Layout({ navSearch }: { navSearch?: ReactNode } = {}) {
  const { theme } = useTheme();
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      <ScrollToTop />
      <Navbar search={navSearch} />
      <main className="flex-1">
        <Suspense fallback={<div className="mx-auto max-w-6xl px-4"><Spinner /></div>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ToastRegion theme={theme} duration={TOAST_MS} />
    </div>
  );
}
