import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { GENERIC_ERROR, queryRoots, useSession } from '@slotwise/shared-data-access';
import { ErrorBanner, Spinner, SuccessBanner } from '@slotwise/shared-ui';
import { verifyEmail } from '../api/account-links-api';
import { AccountCard, linkClass, messageOf } from './account-card';

// A link works once: each token is sent once per page load, however often
// the page's effect runs (React runs it twice in development).
const opened = new Map<string, Promise<string>>();
const openOnce = (token: string) => {
  let p = opened.get(token);
  if (!p) {
    p = verifyEmail(token);
    opened.set(token, p);
  }
  return p;
};

/** /verify-email?token=… (docs/product.md#verified-email-and-password-reset): opens a verification link. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const qc = useQueryClient();
  const { token: signedIn } = useSession();
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(token ? null : { ok: false, text: 'This link is not valid. Please ask for a new one.' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    openOnce(token).then(
      (text) => {
        if (!live) return;
        setState({ ok: true, text });
        void qc.invalidateQueries({ queryKey: [queryRoots.profile] });
      },
      (err) => live && setState({ ok: false, text: messageOf(err, GENERIC_ERROR) }),
    );
    return () => {
      live = false;
    };
  }, [token, qc]);

  return (
    <AccountCard title="Verify your email">
      {!state && <Spinner label="Verifying…" />}
      {state?.ok && <SuccessBanner>{state.text}</SuccessBanner>}
      {state && !state.ok && <ErrorBanner>{state.text}</ErrorBanner>}
      {state && (
        <p className="mt-6 text-center text-sm">
          {signedIn ? (
            <Link to="/dashboard" className={linkClass}>Go to my dashboard</Link>
          ) : (
            <Link to="/login" className={linkClass}>Go to login</Link>
          )}
        </p>
      )}
    </AccountCard>
  );
}

export default VerifyEmailPage;
