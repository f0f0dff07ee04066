import { useState } from 'react';
import type { Service } from '@slotwise/shared-contract';
import { ConfirmDialog, toast } from '@slotwise/shared-ui';
import { failureMessage } from '@slotwise/shared-util';

interface Props {
  service: Pick<Service, '_id' | 'name'>;
  /** DELETE /services/{id}; rejects when the server refuses */
  onDelete: (id: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deleting a service, deletes it and says how it went (docs/product.md#messages messages as toasts). */
export function DeleteServiceDialog({ service, onDelete, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onDelete(service._id);
      toast.success(`${service.name} deleted`);
      onClose();
    } catch (err) {
      toast.error(failureMessage(err, 'Failed to delete service. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <ConfirmDialog title="Delete service?" confirmLabel="Delete" busy={busy} onConfirm={confirm} onCancel={onClose}>
      <p>
        Delete <strong>{service.name}</strong>? Customers will no longer see it. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
