// Team members on booking screens (docs/product.md "Team members"): the customer's choice of a
// member, the provider's member filter and the reassign dialog. Data comes through props.
import { useState, type FormEvent } from 'react';
import type { Appointment, StaffRef } from '@slotwise/shared-contract';
import { Button, Dialog, ErrorBanner, Field, Select, useDialogSubmit } from '@slotwise/shared-ui';
import { formatDateTime } from '@slotwise/shared-util';

/** The choice that leaves the member to the server. */
export const ANYONE_AVAILABLE = 'Anyone available';
/** The filter that shows every member's bookings. */
export const EVERYONE = 'Everyone';

/** "with Meera" when a member is named and the screen shows members; '' otherwise. */
export function withStaff(staffName: string | undefined, show: boolean): string {
  return show && staffName ? `with ${staffName}` : '';
}

/**
 * Who the customer books with: "Anyone available" ('' — the server assigns the least busy free
 * member) or one member of the service. Shown only when more than one member performs it.
 */
export function StaffChoice({ staff, value, onChange, label = 'Team member' }: { staff: readonly StaffRef[]; value: string; onChange: (staffId: string) => void; label?: string }) {
  if (staff.length < 2) return null;
  return (
    <Field label={label} hint="Free times follow the member you pick.">
      <Select value={value} onChange={(e) => onChange(e.target.value)} data-testid="staff-choice">
        <option value="">{ANYONE_AVAILABLE}</option>
        {staff.map((m) => (
          <option key={m._id} value={m._id}>
            {m.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The provider's member filter ('' = everyone, unless `everyone` is false); shown only for a team of two or more. */
export function StaffFilter({
  staff,
  value,
  onChange,
  className,
  everyone = true,
}: {
  staff: readonly StaffRef[];
  value: string;
  onChange: (staffId: string) => void;
  className?: string;
  everyone?: boolean;
}) {
  if (staff.length < 2) return null;
  return (
    <Field label="Team member" className={className}>
      <Select value={value} onChange={(e) => onChange(e.target.value)} data-testid="staff-filter">
        {everyone && <option value="">{EVERYONE}</option>}
        {staff.map((m) => (
          <option key={m._id} value={m._id}>
            {m.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Open bookings can move to another member; finished or refused ones cannot. */
export function canReassign(a: Appointment, now: Date): boolean {
  const open = a.status === 'pending' || a.status === 'scheduled' || a.status === 'confirmed';
  const start = Date.parse(a.startsAt);
  return open && (Number.isNaN(start) || start > now.getTime());
}

interface ReassignProps {
  appointment: Appointment;
  /** the members who perform its service */
  members: readonly StaffRef[];
  /** sends PUT /appointments/{id}/staff; rejects with the server's message (a 409 when the member is not free) */
  onReassign: (staffId: string) => Promise<unknown>;
  onClose: () => void;
}

/** Picks another member who performs the service; the server checks they are free and tells the customer. */
export function ReassignDialog({ appointment: a, members, onReassign, onClose }: ReassignProps) {
  const others = members.filter((m) => m._id !== a.staffId);
  const [staffId, setStaffId] = useState(others[0]?._id ?? '');
  const { busy, error, setError, run } = useDialogSubmit(onClose, 'Failed to reassign. Please try again.');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!staffId) {
      setError('Choose a team member.');
      return;
    }
    void run(() => onReassign(staffId));
  };
  return (
    <Dialog title="Reassign booking" onClose={onClose}>
      <p className="mb-4 text-sm">
        {a.serviceName} for {a.customerName || a.customerEmail} on {formatDateTime(a.date, a.time)}
        {a.staffName ? `, now with ${a.staffName}` : ''}. The customer is told.
      </p>
      {others.length === 0 ? (
        <p className="text-sm">No other team member performs this service.</p>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Team member</legend>
            <ul className="space-y-2">
              {others.map((m) => (
                <li key={m._id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3">
                    <input type="radio" name="reassign-member" value={m._id} checked={staffId === m._id} onChange={() => setStaffId(m._id)} className="h-4 w-4" />
                    <span className="min-w-0 [overflow-wrap:anywhere]">{m.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Reassigning…' : 'Reassign'}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
