// The mailed links' calls (docs/product.md#verified-email-and-password-reset).
import { api, unwrap, userApi } from '@slotwise/shared-data-access';

/** POST /auth/password/forgot: the same message whether or not the address has an account. */
export const forgotPassword = (email: string) => unwrap(api.POST('/auth/password/forgot', { body: { email } })).then((r) => r.message ?? '');

/** POST /auth/password/reset: sets the new password with the mailed link's token. */
export const resetPassword = (body: { token: string; newPassword: string; confirmPassword: string }) =>
  unwrap(api.POST('/auth/password/reset', { body })).then((r) => r.message ?? '');

/** POST /auth/verify-email: opens a verification link. */
export const verifyEmail = (token: string) => unwrap(api.POST('/auth/verify-email', { body: { token } })).then((r) => r.message ?? '');

/** POST /auth/verify-email/resend (signed in): mails the link again; 429 at the pace of links (docs/product.md). */
export const resendVerification = () => unwrap(userApi.POST('/auth/verify-email/resend', { body: {} })).then((r) => r.message ?? '');

/** POST /auth/unsubscribe?token=: switches the mailed link's recipient's mails off (the page's button; no GET exists). */
export const unsubscribe = (token: string) =>
  unwrap(api.POST('/auth/unsubscribe', { params: { query: { token } } })).then((r) => r.message ?? '');
