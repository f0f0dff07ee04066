import type { ReactNode } from 'react';
import type { Appointment } from '@slotwise/shared-contract';
import { Button, Dialog } from '@slotwise/shared-ui';
import { awaitsProvider, cancellationNote, displayStatus, displayTime } from '@slotwise/shared-util';
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
  /** who reads it: a provider sees the stored status (what is still to be marked), a customer the displayed one */
  viewer?: 'customer' | 'provider';
  /** names the member ("With"): a service several members perform */
  showStaff?: boolean;
}

/**
 * Every field of one appointment in a dialog; to a customer a past scheduled/confirmed one shows as
 * completed. Who declined or cancelled it and why, and whether it awaits the provider's answer.
 */
export function AppointmentDetailsModal({ appointment: a, now, onClose, actions, title = 'Appointment Details', onAddToCalendar, viewer = 'customer', showStaff = false }: Props) {
  const rows: Array<[string, ReactNode]> = [
    ['Service', a.serviceName],
    ['Category', a.serviceCategory],
    ['Status', <AppointmentStatusBadge key="s" status={viewer === 'provider' ? a.status : displayStatus(a, now)} />],
    ['Answer', awaitsProvider(a) ? (viewer === 'provider' ? 'Awaiting your answer' : "Awaiting the provider's answer") : ''],
    ['Reason', cancellationNote(a, viewer)],
    ['Date', appointmentDateLabel(a)],
    ['Time', displayTime(a.time)],
    ['With', showStaff ? (a.staffName ?? '') : ''],
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
