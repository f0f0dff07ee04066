import { useState } from 'react';

/**
 * The busy flag, the error and the closing of a dialog that sends something (the reassign dialog,
 * the team member form): while `send` runs, `busy` holds the submit button; when it resolves the
 * dialog closes; when it rejects, its message (or `fallback` when it has none) is shown and the
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
      setError(err instanceof Error && err.message ? err.message : fallback);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
