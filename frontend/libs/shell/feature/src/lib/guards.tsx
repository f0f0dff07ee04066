import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { returnState, useSession } from '@slotwise/shared-data-access';
import { Spinner } from '@slotwise/shared-ui';

/** Login required: without a token go to /login, which returns here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  if (!token)
    return <Navigate to="/login" replace state={returnState(location)} />;
  return children;
}

/**
 * Provider role only: without a token go to /login; a signed-in customer goes home at once
 * (a provider screen never shows a customer's name or waits on refused calls).
 */
export function RequireProvider({ children }: { children: ReactNode }) {
  const { token, role, loadingUser } = useSession();
  const location = useLocation();
  if (!token)
    return <Navigate to="/login" replace state={returnState(location)} />;
  if (loadingUser) return <Spinner />;
  if (role !== 'provider') return <Navigate to="/" replace />;
  return children;
}

/**
 * The login/register screen sends a user who arrives logged in to /dashboard. Only the
 * state on arrival counts: a login completed on this screen goes back to the page that sent the user here, else '/'
 * (docs/product.md#states-and-transitions), so the
 * token appearing while the screen is open must not redirect.
 */
export function RedirectIfAuthed({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const [loggedInOnArrival] = useState(() => token !== null);
  if (loggedInOnArrival) return <Navigate to="/dashboard" replace />;
  return children;
}
