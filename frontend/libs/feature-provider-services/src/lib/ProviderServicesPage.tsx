import { Placeholder } from '@slotwise/ui';

/** /provider-services — the provider's service catalogue (providers only). */
export function ProviderServicesPage() {
  return (
    <Placeholder title="Service Catalog">
      <p>Your services grouped by category are coming soon.</p>
    </Placeholder>
  );
}
