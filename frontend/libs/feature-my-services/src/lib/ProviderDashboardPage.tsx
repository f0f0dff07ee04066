import { Placeholder } from '@slotwise/ui';

/** /my-services — the provider dashboard (login required). */
export function ProviderDashboardPage() {
  return (
    <Placeholder title="My Services">
      <p>The booking dashboard and service management are coming soon.</p>
    </Placeholder>
  );
}
