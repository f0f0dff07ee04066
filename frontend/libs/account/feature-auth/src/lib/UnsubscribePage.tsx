import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GENERIC_ERROR, useSession } from '@slotwise/shared-data-access';
import { Button, ErrorBanner, SuccessBanner } from '@slotwise/shared-ui';
import { unsubscribe } from '../api/account-links-api';
import { AccountCard, linkClass, messageOf } from './account-card';

/**
 * /unsubscribe?token=… (docs/product.md#mails): a mail's unsubscribe
 * link. Opening it changes nothing (link scanners open every link of a
 * mail); only the button switches the mails off.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { token: signedIn } = useSession();
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(
    token ? null : { ok: false, text: 'This unsubscribe link is incomplete: switch emails off in your profile instead.' },
  );

  const confirm = () => {
    setBusy(true);
    unsubscribe(token).then(
      (text) => setState({ ok: true, text }),
      (err) => setState({ ok: false, text: messageOf(err, GENERIC_ERROR) }),
    ).finally(() => setBusy(false));
  };

  return (
    <AccountCard title="Stop Slotwise emails">
      {!state && (
        <>
          <p className="mb-6">Switch off the emails Slotwise sends to this address? You can switch them back on in your profile.</p>
          <Button type="button" className="w-full" disabled={busy} onClick={confirm}>
            Unsubscribe
          </Button>
        </>
      )}
      {state?.ok && <SuccessBanner>{state.text}</SuccessBanner>}
      {state && !state.ok && <ErrorBanner>{state.text}</ErrorBanner>}
      {state && (
        <p className="mt-6 text-center text-sm">
          <Link to={signedIn ? '/profile' : '/login'} className={linkClass}>
            {signedIn ? 'Go to my profile' : 'Go to login'}
          </Link>
        </p>
      )}
    </AccountCard>
  );
}

export default UnsubscribePage;
