import { useState } from 'react';
import { Button, ErrorBanner, SuccessBanner } from '@slotwise/shared-ui';
import { useDownloadMyData } from '../api/export-api';
import { DeleteAccount } from './DeleteAccount';
import { failureMessage } from '@slotwise/shared-util';

/** The profile's "Your data" (docs/product.md#your-data): download everything the account holds, or delete it. */
export function YourDataSection() {
  const download = useDownloadMyData();
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  const start = async () => {
    setError('');
    setDone(false);
    try {
      await download.mutateAsync();
      setDone(true);
    } catch (err) {
      setError(failureMessage(err, 'Failed to download your data. Please try again.'));
    }
  };

  return (
    <section aria-labelledby="your-data-title" className="mt-6 space-y-3 rounded-2xl border border-slate-200 bg-surface p-4 sm:p-6 dark:border-slate-700">
      <h2 id="your-data-title" className="text-lg font-semibold">
        Your data
      </h2>
      <p id="download-data-hint" className="text-sm text-slate-600 dark:text-slate-300">
        One JSON file with your account, appointments, reviews and notifications.
      </p>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {done && <SuccessBanner>Your data was downloaded.</SuccessBanner>}
      <Button variant="secondary" aria-describedby="download-data-hint" disabled={download.isPending} onClick={start} className="w-full sm:w-auto">
        {download.isPending ? 'Preparing...' : 'Download my data'}
      </Button>
      <DeleteAccount />
    </section>
  );
}
