import { useState } from 'react';
import type { Appointment, AppointmentStatus } from '@slotwise/shared-contract';
import { Button, ReasonDialog, toast, type ButtonSize } from '@slotwise/shared-ui';
import { formatDateTime, PROVIDER_STEPS, providerSteps, type ProviderStep, failureMessage } from '@slotwise/shared-util';

interface Props {
  appointment: Appointment;
  now: Date;
  /** sends the status (and reason); rejects when refused */
  onAct: (status: AppointmentStatus, reason: string) => Promise<unknown>;
  /** the screen's words when the server gave no reason (docs/product.md#messages); a refusal shows the server's */
  failedMessage: string;
  size?: ButtonSize;
  /** the wrapper's classes: 'contents' lets the buttons join the row they are put in (a dialog's) */
  className?: string;
}

/**
 * The provider's buttons for one appointment, the same words on every screen (home, dashboard,
 * calendar): Accept / Decline a request, Mark Completed / Mark No-show once started, Cancel
 * Appointment before; Decline and Cancel ask for an optional reason the customer is shown.
 */
export function ProviderActions({ appointment: a, now, onAct, failedMessage, size = 'sm', className = 'flex flex-wrap gap-2' }: Props) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<ProviderStep | null>(null);
  const steps = providerSteps(a, now);
  if (steps.length === 0) return null;

  async function run(step: ProviderStep, reason = '') {
    const info = PROVIDER_STEPS[step];
    setAsking(null);
    setBusy(true);
    try {
      await onAct(info.status, reason);
      toast.success(`${info.done}: ${a.serviceName} for ${a.customerName || a.customerEmail}`);
    } catch (err) {
      toast.error(failureMessage(err, failedMessage));
    } finally {
      setBusy(false);
    }
  }

  const who = a.customerName || a.customerEmail;
  return (
    <div className={className}>
      {steps.map((step) => {
        const info = PROVIDER_STEPS[step];
        return (
          <Button
            key={step}
            size={size}
            variant={info.tone === 'ok' ? 'success' : 'danger-outline'}
            disabled={busy}
            onClick={() => (info.asksReason ? setAsking(step) : void run(step))}
          >
            {info.label}
          </Button>
        );
      })}
      {asking && (
        <ReasonDialog
          title={asking === 'decline' ? 'Decline this request?' : 'Cancel this appointment?'}
          confirmLabel={PROVIDER_STEPS[asking].label}
          toldTo="The customer"
          onConfirm={(reason) => void run(asking, reason)}
          onCancel={() => setAsking(null)}
          busy={busy}
        >
          <p>
            {a.serviceName} for {who} on {formatDateTime(a.date, a.time)}.
          </p>
        </ReasonDialog>
      )}
    </div>
  );
}
