import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, User } from '@slotwise/util';
import { authApi } from './api';
import { isUnauthorized } from './client';
import { clearToken, readToken, writeToken } from './token';
import { queryKeys } from './queries';

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
}

const SessionContext = createContext<Session | null>(null);

interface Props {
  children: ReactNode;
  /** called when the stored token is refused (401): the app sends the user to /login */
  onUnauthorized?: () => void;
}

/** Startup (spec §4): a stored token leads to a profile fetch; a 401 removes the token. */
export function SessionProvider({ children, onUnauthorized }: Props) {
  const qc = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readToken());

  const profile = useQuery({
    queryKey: queryKeys.profile(token),
    queryFn: ({ signal }) => authApi.profile(signal).then((r) => r.user),
    enabled: token !== null,
    retry: (count, e) => !isUnauthorized(e) && count < 2,
    staleTime: 30_000,
  });

  useEffect(() => {
    if (token && isUnauthorized(profile.error)) {
      clearToken();
      setToken(null);
      qc.removeQueries({ queryKey: ['profile'] });
      onUnauthorized?.();
    }
  }, [token, profile.error, qc, onUnauthorized]);

  const signIn = useCallback((t: string) => {
    writeToken(t);
    setToken(t);
  }, []);

  const signOut = useCallback(() => {
    clearToken();
    setToken(null);
    qc.removeQueries({ queryKey: ['profile'] });
  }, [qc]);

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
    };
  }, [token, profile.data, profile.isPending, profile.error, signIn, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession must be used inside <SessionProvider>');
  return s;
}
