import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { asUser, type Role, type User } from '@slotwise/shared-contract';
import { isUnauthorized, unwrap, userApi } from './client';
import { queryRoots } from './query-keys';
import { returnState } from './return-to';
import { clearToken, readToken, writeToken } from './token';
import { endSession, onSessionEnded } from './refresh';

const profileKey = (token: string | null) => [queryRoots.profile, token] as const;

/** GET /auth/profile: the signed-in user. */
export const fetchProfile = (signal?: AbortSignal) =>
  unwrap(userApi.GET('/auth/profile', { signal })).then((r) => asUser(r.user));

export interface Session {
  token: string | null;
  /** the profile of the logged-in user once loaded */
  user: User | null;
  role: Role | null;
  /** a token exists but the profile has not arrived yet */
  loadingUser: boolean;
  profileError: unknown;
  signIn: (token: string) => void;
  signOut: () => void;
  /** sign out as soon as '/' is the current location (see useLogout) */
  requestSignOut: () => void;
}

const SessionContext = createContext<Session | null>(null);

interface Props {
  children: ReactNode;
  /** called when the stored token is refused (401): the app sends the user to /login */
  onUnauthorized?: () => void;
}

/** Startup (docs/product.md#states-and-transitions): a stored token leads to a profile fetch; a 401 removes the token. */
export function SessionProvider({ children, onUnauthorized }: Props) {
  const qc = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readToken());

  const profile = useQuery({
    queryKey: profileKey(token),
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: token !== null,
    staleTime: 30_000,
  });

  useEffect(() => {
    if (token && isUnauthorized(profile.error)) {
      clearToken();
      setToken(null);
      qc.removeQueries({ queryKey: [queryRoots.profile] });
      onUnauthorized?.();
    }
  }, [token, profile.error, qc, onUnauthorized]);

  // A refused refresh (docs/product.md#sessions): the tokens are gone already; sign out to /login.
  useEffect(
    () =>
      onSessionEnded(() => {
        setToken(null);
        qc.removeQueries({ queryKey: [queryRoots.profile] });
        onUnauthorized?.();
      }),
    [qc, onUnauthorized],
  );

  const signIn = useCallback((t: string) => {
    writeToken(t);
    setToken(t);
  }, []);

  const signOut = useCallback(() => {
    endSession();
    clearToken();
    setToken(null);
    qc.removeQueries({ queryKey: [queryRoots.profile] });
  }, [qc]);

  const { pathname } = useLocation();
  const [signOutPending, setSignOutPending] = useState(false);
  const requestSignOut = useCallback(() => setSignOutPending(true), []);
  useEffect(() => {
    if (signOutPending && pathname === '/') {
      setSignOutPending(false);
      signOut();
    }
  }, [signOutPending, pathname, signOut]);

  const value = useMemo<Session>(() => {
    const user = token ? (profile.data ?? null) : null;
    return {
      token,
      user,
      role: user?.role ?? null,
      loadingUser: token !== null && profile.isPending,
      profileError: profile.error,
      signIn,
      signOut,
      requestSignOut,
    };
  }, [token, profile.data, profile.isPending, profile.error, signIn, signOut, requestSignOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession must be used inside <SessionProvider>');
  return s;
}

/**
 * Logout returns to '/' (docs/product.md#screens-and-routes). The router applies navigations as transitions, so the
 * token is dropped only once '/' is showing; otherwise the guard of the protected screen
 * being left would see no token and send the user to /login instead.
 */
export function useLogout(): () => void {
  const { requestSignOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    requestSignOut();
    navigate('/');
  }, [navigate, requestSignOut]);
}

/** A 401 on a signed-in call removes the token and goes to /login (docs/product.md#messages). */
export function useLogoutOn401(error: unknown) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = returnState(location);
  useEffect(() => {
    if (isUnauthorized(error)) {
      signOut();
      navigate('/login', { replace: true, state: from });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page the 401 happened on, once
  }, [error, signOut, navigate]);
}
