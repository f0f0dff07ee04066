import { useState } from 'react';
import type { Appointment, StaffMember } from '@slotwise/shared-contract';
import { Button, toast } from '@slotwise/shared-ui';
import { performers, useReassign } from '@slotwise/booking-data-access';
import { canReassign, ReassignDialog } from '@slotwise/booking-ui';

/** "Reassign" on a booking row: offered while it is open and another member performs its service. */
export function ReassignAction({ appointment: a, team, now }: { appointment: Appointment; team: readonly StaffMember[]; now: Date }) {
  const [open, setOpen] = useState(false);
  const reassign = useReassign();
  const members = performers(team, a.serviceId);
  if (!canReassign(a, now) || !members.some((m) => m._id !== a.staffId)) return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Reassign
      </Button>
      {open && (
        <ReassignDialog
          appointment={a}
          members={members}
          onClose={() => setOpen(false)}
          onReassign={(staffId) => reassign.mutateAsync({ id: a._id, staffId }).then((r) => toast.success(r.message))}
        />
      )}
    </>
  );
}
