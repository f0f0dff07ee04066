import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Appointment } from '@slotwise/shared-contract';

/**
 * A notification links to `<list page>?appointment=<id>` (docs/architecture.md,
 * notification-svc). Once the list holds that appointment, open is called with
 * it — once: the parameter is then dropped from the address (replacing the
 * history entry), so closing the details and going back does not reopen them.
 */
export function useLinkedAppointment(list: Appointment[] | undefined, open: (a: Appointment) => void) {
  const [params, setParams] = useSearchParams();
  const id = params.get('appointment');
  useEffect(() => {
    if (!id || !list) return;
    const linked = list.find((a) => a._id === id);
    if (linked) open(linked);
    setParams(
      (p) => {
        p.delete('appointment');
        return p;
      },
      { replace: true },
    );
  }, [id, list, open, setParams]);
}
