import { useState } from 'react';
import { useSession } from '@slotwise/shared-data-access';
import { Button } from '@slotwise/shared-ui';
import { resendVerification } from '../api/account-links-api';
import { messageOf } from './account-card';

/**
 * Shown to a signed-in user whose address is not verified, or who waits on an email change
 * (docs/product.md#verified-email-and-password-reset), with "Resend".
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (!user || (user.emailVerified && !user.pendingEmail)) return null;
  const address = user.pendingEmail || user.email;

  const resend = async () => {
    setBusy(true);
    setNote('');
    try {
      setNote(await resendVerification());
    } catch (err) {
      setNote(messageOf(err, 'Could not send the link. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      role="region"
      aria-label="Email verification"
      className="border-b border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
        <p className="min-w-0 flex-1 break-words">
          {user.pendingEmail
            ? `Open the link we sent to ${address} to change your email. Until then we keep mailing ${user.email}.`
            : `Please verify ${address}: open the link we mailed you. Until then we send no booking emails (notifications still show here).`}
        </p>
        <Button variant="secondary" size="sm" onClick={resend} disabled={busy}>
          {busy ? 'Sending…' : 'Resend'}
        </Button>
        {note && (
          <p role="status" className="w-full">
            {note}
          </p>
        )}
      </div>
    </div>
  );
}
