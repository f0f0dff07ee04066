import { useCallback, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useNavigate } from 'react-router';
import { makeQueryClient, SessionProvider } from '@slotwise/shared-data-access';
import { ThemeProvider } from '@slotwise/shell-feature';
import { AppRoutes } from './routes';

/** Startup: a refused stored token sends the user to /login. */
function Session({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onUnauthorized = useCallback(() => navigate('/login', { replace: true }), [navigate]);
  return <SessionProvider onUnauthorized={onUnauthorized}>{children}</SessionProvider>;
}

export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [qc] = useState(() => client ?? makeQueryClient());
  return (
    <QueryClientProvider client={qc}>
      <ThemeProvider>
        <Session>{children}</Session>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}

export default App;
