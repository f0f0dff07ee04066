import type {
  LoginPayload,
  ProfileUpdatePayload,
  RegisterPayload,
  Role,
  Service,
  User,
} from '@slotwise/util';
import { apiRequest } from './client';

export interface LoginResponse {
  success: boolean;
  token?: string;
  message?: string;
  user?: unknown;
}

export const authApi = {
  login: (body: LoginPayload) =>
    apiRequest<LoginResponse>('/auth/login-with-role', { method: 'POST', body }),
  register: (body: RegisterPayload) =>
    apiRequest<{ success: boolean; message?: string }>('/auth/register', { method: 'POST', body }),
  userRole: (email: string, signal?: AbortSignal) =>
    apiRequest<{ success: boolean; role?: Role }>(
      `/auth/user-role/${encodeURIComponent(email)}`,
      { signal },
    ),
  profile: (signal?: AbortSignal) =>
    apiRequest<{ success: boolean; user: User }>('/auth/profile', { auth: true, signal }),
  updateProfile: (body: ProfileUpdatePayload) =>
    apiRequest<{ success: boolean; user: User }>('/auth/profile', {
      method: 'PUT',
      body,
      auth: true,
    }),
};

export interface ServiceQuery {
  category?: string;
  name?: string;
}

export const servicesApi = {
  list: (q: ServiceQuery = {}, signal?: AbortSignal) => {
    const params = new URLSearchParams();
    if (q.category) params.set('category', q.category);
    if (q.name) params.set('name', q.name);
    const qs = params.toString();
    return apiRequest<{ success: boolean; services: Service[] }>(
      `/services${qs ? `?${qs}` : ''}`,
      { signal },
    );
  },
};
