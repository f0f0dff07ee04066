import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@slotwise/shared-data-access';
import { Button, ConfirmDialog, ErrorBanner, Field, PasswordInput, SuccessBanner } from '@slotwise/shared-ui';
import { useChangePassword, useSignOutEverywhere } from '../api/profile-api';
import { emptyPasswordChange, validatePasswordChange, type PasswordChangeValues } from './password-change';
import { failureMessage } from '@slotwise/shared-util';

const message = failureMessage;

/** The profile's sign-in security (docs/product.md#sessions): change the password, sign out everywhere. */
export function SecuritySection() {
  return (
    <section aria-labelledby="security-title" className="mt-6 space-y-6 rounded-2xl border border-slate-200 bg-surface p-4 sm:p-6 dark:border-slate-700">
      <h2 id="security-title" className="text-lg font-semibold">
        Sign-in and security
      </h2>
      <ChangePasswordForm />
      <SignOutEverywhere />
    </section>
  );
}

function ChangePasswordForm() {
  const [values, setValues] = useState<PasswordChangeValues>(emptyPasswordChange);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const change = useChangePassword();
  const set = (field: keyof PasswordChangeValues) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setSuccess('');
    const problem = validatePasswordChange(values);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      setSuccess(await change.mutateAsync(values));
      setValues(emptyPasswordChange());
    } catch (err) {
      setError(message(err, 'Failed to change password'));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-password-title" className="space-y-4">
      <h3 id="change-password-title" className="font-semibold">
        Change password
      </h3>
      <Field label="Old password" id="pw-current">
        <PasswordInput autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} />
      </Field>
      <Field label="New password" id="pw-new" hint="At least 6 characters. Your other devices will be signed out.">
        <PasswordInput autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} />
      </Field>
      <Field label="Confirm new password" id="pw-confirm">
        <PasswordInput autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} />
      </Field>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {success && <SuccessBanner>{success}</SuccessBanner>}
      <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
        {change.isPending ? 'Please wait...' : 'Change password'}
      </Button>
    </form>
  );
}

function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const signOutAll = useSignOutEverywhere();
  const { signOut } = useSession();
  const navigate = useNavigate();

  const confirm = async () => {
    setError('');
    try {
      await signOutAll.mutateAsync();
      setConfirming(false);
      signOut();
      navigate('/login', { replace: true });
    } catch (err) {
      setConfirming(false);
      setError(message(err, 'Failed to sign out everywhere. Please try again.'));
    }
  };

  return (
    <div className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 className="font-semibold">Sign out everywhere</h3>
      <p id="sign-out-everywhere-hint" className="text-sm text-slate-600 dark:text-slate-300">
        Lost a phone or used a shared computer? This signs you out on every device, this one included. Other devices stop working within 10 minutes.
      </p>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <Button variant="danger-outline" aria-describedby="sign-out-everywhere-hint" onClick={() => setConfirming(true)} className="w-full sm:w-auto">
        Sign out everywhere
      </Button>
      {confirming && (
        <ConfirmDialog title="Sign out everywhere?" confirmLabel={signOutAll.isPending ? 'Signing out...' : 'Sign out everywhere'} busy={signOutAll.isPending} onConfirm={confirm} onCancel={() => setConfirming(false)}>
          <p>You will need to log in again on every device, this one included.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
