import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { buttonClass, Spinner, ToastRegion } from '@slotwise/shared-ui';
import { TOAST_MS } from '@slotwise/shared-util';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { ScrollToTop } from './ScrollToTop';
import { useTheme } from './theme';

/** The skip link's words. */
export const SKIP_LINK = 'Skip to main content';

/** navSearch: the navbar's search box, given by the app; banner: a notice above every page (the app's email verification). */
export function Layout({ navSearch, banner }: { navSearch?: ReactNode; banner?: ReactNode } = {}) {
  const { theme } = useTheme();
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100">
      <ScrollToTop />
      {/* The first stop of the keyboard: past the navigation, straight to the page. */}
      <a
        href="#main"
        // The page's <base href="/"> would make #main a link to /#main: focus the page here instead.
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className={`skip-link ${buttonClass('primary')} fixed left-2 top-2 z-[100]`}
      >
        {SKIP_LINK}
      </a>
      <Navbar search={navSearch} />
      {banner && <Suspense fallback={null}>{banner}</Suspense>}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense
          fallback={
            <div className="mx-auto max-w-6xl px-4">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ToastRegion theme={theme} duration={TOAST_MS} />
    </div>
  );
}
