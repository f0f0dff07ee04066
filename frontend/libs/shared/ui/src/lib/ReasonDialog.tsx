import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode } from 'react';
import { buttonClass } from './Button';
import { useReturnFocus } from './Dialog';
import { Field, Textarea } from './Field';

/** The longest reason the server keeps (booking-svc's Reason field). */
export const REASON_MAX = 300;

interface Props {
  title: string;
  /** what will happen, in a sentence */
  children: ReactNode;
  confirmLabel: string;
  /** who reads the reason ("The customer", "The provider") */
  toldTo: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * Asks before declining or cancelling, with an optional reason the other party is shown (at most
 * REASON_MAX characters; the field stops there). Like ConfirmDialog: Cancel has the focus first,
 * Escape cancels, focus then goes back to the opener.
 */
export function ReasonDialog({ title, children, confirmLabel, toldTo, onConfirm, onCancel, busy = false }: Props) {
  const returnFocus = useReturnFocus();
  const [reason, setReason] = useState('');
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 shadow-xl outline-none"
        >
          <AlertDialog.Title className="mb-4 text-xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div>{children}</div>
          </AlertDialog.Description>
          <Field className="mt-4" label="Reason (optional)" hint={`${toldTo} will see it. ${reason.length}/${REASON_MAX} characters.`}>
            <Textarea rows={3} maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')}>Cancel</AlertDialog.Cancel>
            <button type="button" className={buttonClass('danger')} disabled={busy} onClick={() => onConfirm(reason.trim())}>
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
