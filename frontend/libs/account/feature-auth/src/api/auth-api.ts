// The auth calls of the login and register screen (spec §7).
import { useQuery } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse, RegisterRequest, RegisterResponse, Role, UserRoleResponse } from '@slotwise/shared-contract';
import { apiRequest } from '@slotwise/shared-data-access';

export const login = (body: LoginRequest) => apiRequest<LoginResponse>('/auth/login-with-role', { method: 'POST', body });

export const register = (body: RegisterRequest) => apiRequest<RegisterResponse>('/auth/register', { method: 'POST', body });

/** Role of an already registered email; quiet on failure (spec §8). */
export function useUserRole(email: string) {
  return useQuery({
    queryKey: ['user-role', email],
    queryFn: async ({ signal }): Promise<Role | null> => {
      try {
        const r = await apiRequest<UserRoleResponse>(`/auth/user-role/${encodeURIComponent(email)}`, { signal });
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
