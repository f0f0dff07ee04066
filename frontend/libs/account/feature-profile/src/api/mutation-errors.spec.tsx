import { itShowsTheServersMessage } from '@slotwise/shared-testing';
import { failureMessage } from '@slotwise/shared-util';
import { useUpdateProfile, useChangePassword, useSignOutEverywhere } from './profile-api';
import { useDownloadMyData, useDeleteAccount } from './export-api';

describe('profile mutations show the server\'s message', () => {
  itShowsTheServersMessage(failureMessage, [
    {
      hook: 'useUpdateProfile',
      method: 'put',
      path: '*/auth/profile',
      useCase: () => {
        const m = useUpdateProfile();
        return { send: () => m.mutate({} as Parameters<typeof m.mutate>[0]), error: m.error };
      },
    },
    {
      hook: 'useChangePassword',
      method: 'put',
      path: '*/auth/password',
      useCase: () => {
        const m = useChangePassword();
        return { send: () => m.mutate({ currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' }), error: m.error };
      },
    },
    {
      hook: 'useSignOutEverywhere',
      method: 'post',
      path: '*/auth/logout-all',
      useCase: () => {
        const m = useSignOutEverywhere();
        return { send: () => m.mutate(), error: m.error };
      },
    },
    {
      hook: 'useDownloadMyData',
      method: 'get',
      path: '*/auth/export',
      useCase: () => {
        const m = useDownloadMyData();
        return { send: () => m.mutate(), error: m.error };
      },
    },
    {
      hook: 'useDeleteAccount',
      method: 'delete',
      path: '*/auth/account',
      useCase: () => {
        const m = useDeleteAccount();
        return { send: () => m.mutate('secret'), error: m.error };
      },
    },
  ]);
});
