import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'center' (default): a card in the middle; 'sheet': a panel along the right edge */
  variant?: 'center' | 'sheet';
  /** a sentence that says what the dialog is for, read when it opens */
  description?: string;
}

const PANEL = {
  center:
    'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 shadow-xl outline-none',
  sheet: 'fixed inset-y-0 right-0 z-50 h-full w-full max-w-xl overflow-y-auto bg-surface p-6 shadow-xl outline-none',
};

/**
 * A modal dialog (Radix Dialog): focus moves in and stays in, Escape or the backdrop closes it,
 * and focus goes back to what opened it (useReturnFocus). It is shown while rendered; the caller unmounts it
 * (or calls onClose) to close it.
 */
export function Dialog({ title, onClose, children, variant = 'center', description }: Props) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={`fixed inset-0 z-50 ${variant === 'sheet' ? 'bg-black/40' : 'bg-black/50'}`} />
        <RadixDialog.Content
          className={PANEL[variant]}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-xl font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="-m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-2xl leading-none text-slate-500 hover:text-slate-800 dark:hover:text-white"
            >
              ×
            </RadixDialog.Close>
          </div>
          {description && <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Focus goes back to what had it when the dialog opened. Radix does this only for its own
 * Trigger; these dialogs are opened by the caller rendering them.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  return (event) => {
    event.preventDefault();
    opener?.focus();
  };
}
