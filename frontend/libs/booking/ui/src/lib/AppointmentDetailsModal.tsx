import type { ReactNode } from 'react';
import type { Appointment } from '@slotwise/shared-contract';
import { Button, Dialog } from '@slotwise/shared-ui';
import { displayStatus, displayTime } from '@slotwise/shared-util';
import { AppointmentStatusBadge, appointmentDateLabel } from './AppointmentCard';

interface Props {
  appointment: Appointment;
  now: Date;
  onClose: () => void;
  /** role-specific buttons */
  actions?: ReactNode;
  title?: string;
  /** offers "Add to calendar" (docs/product.md#calendar-export) */
  onAddToCalendar?: () => void;
}

/** Every field of one appointment in a dialog; a past scheduled/confirmed one shows as completed. */
export function AppointmentDetailsModal({ appointment: a, now, onClose, actions, title = 'Appointment Details', onAddToCalendar }: Props) {
  const rows: Array<[string, ReactNode]> = [
    ['Service', a.serviceName],
    ['Category', a.serviceCategory],
    ['Status', <AppointmentStatusBadge key="s" status={displayStatus(a, now)} />],
    ['Date', appointmentDateLabel(a)],
    ['Time', displayTime(a.time)],
    ['Provider', a.provider],
    ['Location', a.location],
    ['Customer', a.customerName],
    ['Email', a.customerEmail],
    ['Phone', a.customerPhone],
    ['Address', a.customerAddress],
    ['Notes', a.notes],
  ];
  return (
    <Dialog title={title} onClose={onClose}>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-2 text-sm">
        {rows
          .filter(([, v]) => v !== '' && v !== undefined && v !== null)
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-slate-500 dark:text-slate-400">{k}</dt>
              <dd className="col-span-2 min-w-0 [overflow-wrap:anywhere]" data-testid={`detail-${k.toLowerCase()}`}>
                {v}
              </dd>
            </div>
          ))}
      </dl>
      {(actions || onAddToCalendar) && (
        <div className="mt-6 flex flex-wrap gap-2">
          {actions}
          {onAddToCalendar && (
            <Button variant="secondary" onClick={onAddToCalendar}>
              Add to calendar
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
