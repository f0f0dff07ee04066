import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GENERIC_ERROR, useSession } from '@slotwise/shared-data-access';
import { Button, ErrorBanner, Field, PasswordInput, SuccessBanner } from '@slotwise/shared-ui';
import { resetPassword } from '../api/account-links-api';
import { AccountCard, linkClass, messageOf } from './account-card';

/** The form's own checks before the server's (registration's password rules). */
export function validateReset(newPassword: string, confirmPassword: string): string {
  if (!newPassword) return 'Please enter a new password.';
  if (newPassword.length < 6) return 'Password must be at least 6 characters long.';
  if (newPassword !== confirmPassword) return 'Passwords do not match.';
  return '';
}

/** /reset-password?token=… (docs/product.md#verified-email-and-password-reset): a new password with the mailed link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { token: signedIn, signOut } = useSession();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError('');
    const problem = validateReset(newPassword, confirmPassword);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      setDone(await resetPassword({ token, newPassword, confirmPassword }));
      // Every session ended, this browser's too.
      if (signedIn) signOut();
    } catch (err) {
      setError(messageOf(err, GENERIC_ERROR));
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <AccountCard title="Reset your password">
        <ErrorBanner>This reset link is incomplete. Please open the link from the email again.</ErrorBanner>
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className={linkClass}>Ask for a new link</Link>
        </p>
      </AccountCard>
    );
  }
  if (done) {
    return (
      <AccountCard title="Password reset">
        <SuccessBanner>{done}</SuccessBanner>
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className={linkClass}>Go to login</Link>
        </p>
      </AccountCard>
    );
  }
  return (
    <AccountCard title="Reset your password">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="New password" id="reset-new" hint="At least 6 characters. Every device will be signed out.">
          <PasswordInput autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
        </Field>
        <Field label="Confirm new password" id="reset-confirm">
          <PasswordInput autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Please wait...' : 'Set new password'}
        </Button>
        {error && <ErrorBanner>{error}</ErrorBanner>}
      </form>
      {error && (
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className={linkClass}>Ask for a new link</Link>
        </p>
      )}
    </AccountCard>
  );
}

export default ResetPasswordPage;
