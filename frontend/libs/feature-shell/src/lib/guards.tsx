import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '@slotwise/data-access';
import { Spinner } from '@slotwise/ui';

/** Login required: without a token go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  return children;
}

/** Provider role only, else /login. */
export function RequireProvider({ children }: { children: ReactNode }) {
  const { token, role, loadingUser } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  if (loadingUser) return <Spinner />;
  if (role !== 'provider') return <Navigate to="/login" replace />;
  return children;
}

/** The login/register screen sends a logged-in user to /dashboard. */
export function RedirectIfAuthed({ children }: { children: ReactNode }) {
  const { token } = useSession();
  if (token) return <Navigate to="/dashboard" replace />;
  return children;
}
