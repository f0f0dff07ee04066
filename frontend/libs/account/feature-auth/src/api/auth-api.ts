// The auth calls of the login and register screen (docs/product.md#the-api).
import { useQuery } from '@tanstack/react-query';
import type { LoginRequest, RegisterRequest, Role } from '@slotwise/shared-contract';
import { api, unwrap, writeRefreshToken } from '@slotwise/shared-data-access';

/** Logs in; the session's refresh token is kept at once (the page keeps the access token). */
export const login = (body: LoginRequest) =>
  unwrap(api.POST('/auth/login-with-role', { body })).then((r) => {
    if (r.token && r.refreshToken) writeRefreshToken(r.refreshToken, r.expiresIn);
    return r;
  });

export const register = (body: RegisterRequest) => unwrap(api.POST('/auth/register', { body }));

/** Role of an already registered email; quiet on failure (docs/product.md#messages). */
export function useUserRole(email: string) {
  return useQuery({
    queryKey: ['user-role', email],
    queryFn: async ({ signal }): Promise<Role | null> => {
      try {
        const r = await unwrap(api.GET('/auth/user-role/{email}', { params: { path: { email } }, signal }));
        return r.success && (r.role === 'customer' || r.role === 'provider') ? r.role : null;
      } catch (e) {
        console.debug('role lookup failed', e);
        return null;
      }
    },
    enabled: email.includes('@'),
    retry: false,
    staleTime: 60_000,
  });
}
