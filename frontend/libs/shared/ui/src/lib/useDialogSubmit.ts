import { useState } from 'react';
import { failureMessage } from '@slotwise/shared-util';

/**
 * The busy flag, the error and the closing of a dialog that sends something (the reassign dialog,
 * the team member form): while `send` runs, `busy` holds the submit button; when it resolves the
 * dialog closes; when it rejects, the server's message (failureMessage; `fallback` when it gave none) is shown and the
 * dialog stays open for another try. `setError` shows a problem found before sending.
 */
export function useDialogSubmit(onClose: () => void, fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (send: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await send();
      onClose();
    } catch (err) {
      setError(failureMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
