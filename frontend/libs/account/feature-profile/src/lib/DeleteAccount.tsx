import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@slotwise/shared-data-access';
import { Button, ConfirmDialog, ErrorBanner, Field, PasswordInput } from '@slotwise/shared-ui';
import { useDeleteAccount } from '../api/export-api';
import { failureMessage } from '@slotwise/shared-util';

/** "Delete my account" (docs/product.md#your-data): the password, then a confirmation; the app signs out to /login. */
export function DeleteAccount() {
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const remove = useDeleteAccount();
  const { signOut } = useSession();
  const navigate = useNavigate();

  const ask = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!password) {
      setError('Please enter your password to delete your account.');
      return;
    }
    setConfirming(true);
  };

  const confirm = async () => {
    try {
      await remove.mutateAsync(password);
      setConfirming(false);
      signOut();
      navigate('/login', { replace: true });
    } catch (err) {
      setConfirming(false);
      setError(failureMessage(err, 'Failed to delete your account. Please try again.'));
    }
  };

  return (
    <form onSubmit={ask} noValidate aria-labelledby="delete-account-title" className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 id="delete-account-title" className="font-semibold">
        Delete my account
      </h3>
      <p id="delete-account-hint" className="text-sm text-slate-600 dark:text-slate-300">
        Your profile, notifications and mails are deleted. Appointments stay with their providers without your name or contact, and your reviews stay as &ldquo;A
        former customer&rdquo;. Your upcoming appointments are cancelled, and the other side is told why.
      </p>
      <Field label="Password" id="delete-password">
        <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <Button type="submit" variant="danger-outline" aria-describedby="delete-account-hint" className="w-full sm:w-auto">
        Delete my account
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Delete your account?"
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete my account'}
          busy={remove.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        >
          <p>This cannot be undone. You will be signed out everywhere.</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
