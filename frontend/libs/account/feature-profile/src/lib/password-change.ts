// The profile's "Change password" form (docs/product.md#validation): the server's rules and
// words, checked here first so a form that cannot succeed is not sent.
export const MIN_PASSWORD_LENGTH = 6;

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const emptyPasswordChange = (): PasswordChangeValues => ({ currentPassword: '', newPassword: '', confirmPassword: '' });

/** The first problem with the form, in the server's order, or '' when it may be sent. */
export function validatePasswordChange(v: PasswordChangeValues): string {
  if (!v.currentPassword) return 'Please enter your current password.';
  if (!v.newPassword) return 'Please enter a new password.';
  if (v.confirmPassword !== v.newPassword) return 'Passwords do not match.';
  if ([...v.newPassword].length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters long.';
  if (v.newPassword === v.currentPassword) return 'The new password must be different from the current one.';
  return '';
}
