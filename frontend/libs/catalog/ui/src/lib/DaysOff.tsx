// Days off (docs/product.md#provider-schedule): the form that closes days and the label of a
// closure, shared by the provider's own days off (provider home) and each team member's (team page).
import { useState, type FormEvent } from 'react';
import { Button, DateField, ErrorBanner, Field, Input } from '@slotwise/shared-ui';
import { failureMessage } from '@slotwise/shared-util';

export interface CloseDaysBody {
  from: string;
  to: string;
  note: string;
}

/** "23 Nov" or "23 Nov – 25 Nov (Diwali)", from YYYY-MM-DD dates. */
export function closureLabel(c: { from: string; to: string; note: string }): string {
  const fmt = (d: string) => new Date(`${d}T12:00:00`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short' });
  const range = c.from === c.to ? fmt(c.from) : `${fmt(c.from)} – ${fmt(c.to)}`;
  return c.note ? `${range} (${c.note})` : range;
}

const longDate = (d: string) => new Date(`${d}T12:00:00`).toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long' });

interface Props {
  /** the first day, fixed (picked on a calendar); without it the form asks for it */
  from?: string;
  /** the earliest day that may be picked (today) */
  min?: string;
  /** sends the closure; rejects with an Error whose message is shown (the server's 400) */
  onSubmit: (body: CloseDaysBody) => Promise<unknown>;
  onDone: () => void;
  /** shown when the rejection carries no message */
  failedMessage?: string;
  /** the form's accessible name */
  label?: string;
}

/** Close a day, or a range from it, with an optional note for customers. */
export function CloseDaysForm({ from: fixedFrom, min, onSubmit, onDone, failedMessage = 'Failed to close these days.', label = 'Close days' }: Props) {
  const [from, setFrom] = useState(fixedFrom ?? '');
  const [to, setTo] = useState(fixedFrom ?? '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fromError, setFromError] = useState<string | null>(null);
  const [toError, setToError] = useState<string | null>(null);
  // An "until" half typed or before the first day is not "just the first day": refused, never dropped.
  const [toUnfinished, setToUnfinished] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFromError(null);
    setToError(null);
    if (!from) {
      setFromError('Choose the first day off.');
      return;
    }
    if (toUnfinished) {
      setToError('Finish the last day off, or clear it to close one day.');
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ from, to: to || from, note });
      onDone();
    } catch (err) {
      setError(failureMessage(err, failedMessage));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700" aria-label={label}>
      {fixedFrom ? (
        <p className="text-sm font-semibold">Close from {longDate(fixedFrom)}</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {!fixedFrom && (
          <DateField label="From" error={fromError} min={min} value={from} onChange={setFrom} />
        )}
        <DateField
          label="Until (included)"
          error={toError}
          min={from || min}
          value={to}
          onChange={(iso, entry) => {
            setTo(iso);
            setToUnfinished(entry === 'unfinished');
          }}
        />
        <Field label="Note for customers (optional)">
          <Input value={note} maxLength={100} onChange={(e) => setNote(e.target.value)} placeholder="e.g. Diwali" />
        </Field>
      </div>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="danger-outline" disabled={busy}>
          {busy ? 'Closing…' : 'Close these days'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
