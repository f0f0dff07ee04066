// The member side of a reschedule (docs/product.md "Team members"), shared by the page and the
// dialog: the choice of a member and the offer of "Anyone available" when the member is not free.
import { useState } from 'react';
import type { Appointment } from '@slotwise/shared-contract';
import { ChoiceDialog } from '@slotwise/shared-ui';
import { useService } from '@slotwise/booking-data-access';
import { ANYONE_AVAILABLE, StaffChoice } from '@slotwise/booking-ui';

/** The member chosen for the new time ('' = "Anyone available": the request names none, so the server keeps the member when free). */
export function useRescheduleStaff(a: Appointment) {
  const service = useService(a.serviceId);
  const team = service.data?.staff ?? [];
  const [chosen, setChosen] = useState('');
  const staffId = team.some((m) => m._id === chosen) ? chosen : '';
  const choice = <StaffChoice staff={team} value={staffId} onChange={setChosen} label="With" />;
  return { staffId, choice };
}

/** 409 "<Name> is not free at that time…": book the new time with anyone free instead, or pick another time. */
export function AnyoneAvailableOffer({ message, onAnyone, onDismiss }: { message: string; onAnyone: () => void; onDismiss: () => void }) {
  return (
    <ChoiceDialog title="Not free at that time" choices={[{ label: ANYONE_AVAILABLE, onChoose: onAnyone }]} onDismiss={onDismiss} dismissLabel="Choose another time">
      <p>{message}</p>
    </ChoiceDialog>
  );
}

/** The reschedule's staffId that lets the server assign anyone free (PUT /appointments/{id}/reschedule). */
export const ANY_STAFF = 'any';
