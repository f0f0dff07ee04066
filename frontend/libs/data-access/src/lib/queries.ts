import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdatePayload, Role } from '@slotwise/util';
import { authApi, servicesApi, type ServiceQuery } from './api';

export const queryKeys = {
  profile: (token: string | null) => ['profile', token] as const,
  services: (q: ServiceQuery) => ['services', q.category ?? '', q.name ?? ''] as const,
  userRole: (email: string) => ['user-role', email] as const,
};

export function useServices(q: ServiceQuery = {}) {
  return useQuery({
    queryKey: queryKeys.services(q),
    queryFn: ({ signal }) => servicesApi.list(q, signal).then((r) => r.services ?? []),
  });
}

/** Role of an already registered email; quiet on failure (spec §8). */
export function useUserRole(email: string) {
  return useQuery({
    queryKey: queryKeys.userRole(email),
    queryFn: async ({ signal }): Promise<Role | null> => {
      try {
        const r = await authApi.userRole(email, signal);
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

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdatePayload) => authApi.updateProfile(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['profile'] }),
  });
}
