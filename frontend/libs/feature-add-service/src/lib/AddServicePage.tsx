import { Placeholder } from '@slotwise/ui';

/** /add-service (providers only). */
export function AddServicePage() {
  return (
    <Placeholder title="Add a Service">
      <p>The service form is coming soon.</p>
    </Placeholder>
  );
}
