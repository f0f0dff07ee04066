import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { GENERIC_ERROR } from '@slotwise/shared-data-access';
import { Button, ErrorBanner, Field, Input, SuccessBanner } from '@slotwise/shared-ui';
import { forgotPassword } from '../api/account-links-api';
import { AccountCard, linkClass, messageOf } from './account-card';

/** /forgot-password (docs/product.md#verified-email-and-password-reset): asks for a reset link by mail. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError('');
    setSent('');
    if (!email.trim()) {
      setError('Please enter your email address.');
      return;
    }
    setBusy(true);
    try {
      setSent(await forgotPassword(email.trim()));
    } catch (err) {
      setError(messageOf(err, GENERIC_ERROR));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountCard title="Forgot your password?">
      <p className="mb-4 text-slate-700 dark:text-slate-300">Enter the email address of your account and we will mail you a link to choose a new password.</p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Email" id="forgot-email">
          <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Please wait...' : 'Send me a reset link'}
        </Button>
        {error && <ErrorBanner>{error}</ErrorBanner>}
        {sent && <SuccessBanner>{sent}</SuccessBanner>}
      </form>
      <p className="mt-6 text-center text-sm">
        Remembered it? <Link to="/login" className={linkClass}>Back to login</Link>
      </p>
    </AccountCard>
  );
}

export default ForgotPasswordPage;
