import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './Button';
import { useReturnFocus } from './Dialog';

export interface Choice {
  label: string;
  onChoose: () => void;
  variant?: ButtonVariant;
}

interface Props {
  title: string;
  children: ReactNode;
  /** the ways forward, in reading order; a Keep/Close button that changes nothing always comes first */
  choices: readonly Choice[];
  onDismiss: () => void;
  dismissLabel?: string;
}

/**
 * Asks which of several things to do (Radix AlertDialog, role alertdialog), in place of the
 * browser's confirm(): the button that changes nothing has the focus first, Escape picks it,
 * and focus then goes back to the opener.
 */
export function ChoiceDialog({ title, children, choices, onDismiss, dismissLabel = 'Keep it' }: Props) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface p-6 text-fg shadow-xl outline-none">
          <AlertDialog.Title className="mb-4 text-xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div>{children}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')}>{dismissLabel}</AlertDialog.Cancel>
            {choices.map((c) => (
              <AlertDialog.Action key={c.label} className={buttonClass(c.variant ?? 'primary')} onClick={c.onChoose}>
                {c.label}
              </AlertDialog.Action>
            ))}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
