import { useId, useState, type ChangeEvent, type FocusEvent, type ReactNode } from 'react';
import { dayMonthYearOf, formatDate, parseDayFirst, type DayMonthYear } from '@slotwise/shared-util';
import { inputClass } from './Field';

export type DateEntry = 'empty' | 'date' | 'unfinished';

interface DateFieldProps {
  /** the group's name, read before each box ("Date of birth, Day") */
  label: ReactNode;
  /** 'YYYY-MM-DD', or '' for none */
  value: string;
  /**
   * the ISO date once the boxes hold a whole, possible date in range; '' while they do not, and
   * `entry` says whether they are empty or hold an unfinished or impossible date (which an optional
   * field's form must refuse rather than send as no date)
   */
  onChange: (iso: string, entry: DateEntry) => void;
  min?: string;
  max?: string;
  hint?: ReactNode;
  /** the form's own message (e.g. "Choose the first day"), shown under the field's */
  error?: ReactNode;
  /** a date of birth: lets the browser fill the boxes from the person's card */
  birthday?: boolean;
  /** the label is already shown beside the field (a definition list's term); still read aloud */
  hideLabel?: boolean;
  className?: string;
}

// Narrow padding so the three boxes fit a filter column of ~140 px as well as a 360 px phone.
const box = `${inputClass.replace('px-3', 'px-1')} text-center tabular-nums`;

/**
 * A date typed day first in three labelled boxes, as an en-IN reader writes it (12/04/2026 is
 * 12 April) whatever the browser's locale; native date inputs follow the browser instead. Why
 * boxes rather than a calendar: docs/adr/0075-day-first-date-field.md.
 */
export function DateField({ label, value, onChange, min, max, hint, error, birthday, hideLabel, className }: DateFieldProps) {
  const id = useId();
  const [boxes, setBoxes] = useState<DayMonthYear>(() => dayMonthYearOf(value));
  const [emitted, setEmitted] = useState(value);
  const [entry, setEntry] = useState<DateEntry>(value ? 'date' : 'empty');
  const [seen, setSeen] = useState(value);
  const [touched, setTouched] = useState(false);

  // A new value from the parent (a reset, the next day's button) refills the boxes; the value this
  // field itself reported does not, so a box being retyped is never overwritten.
  if (value !== seen) {
    setSeen(value);
    if (value !== emitted) {
      setBoxes(dayMonthYearOf(value));
      setEmitted(value);
      setEntry(value ? 'date' : 'empty');
      setTouched(false);
    }
  }

  const result = parseDayFirst(boxes, { min, max });
  const own =
    result.kind === 'invalid'
      ? result.message
      : result.kind === 'incomplete' && touched
        ? 'Enter the day, month and year, e.g. 25 12 2026.'
        : undefined;

  const change = (part: keyof DayMonthYear) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...boxes, [part]: e.target.value.replace(/\D/g, '') };
    setBoxes(next);
    const r = parseDayFirst(next, { min, max });
    const iso = r.kind === 'date' ? r.iso : '';
    const now: DateEntry = r.kind === 'date' ? 'date' : r.kind === 'empty' ? 'empty' : 'unfinished';
    if (iso !== emitted || now !== entry) {
      setEmitted(iso);
      setEntry(now);
      onChange(iso, now);
    }
  };
  // Only when focus leaves the whole group: moving from Day to Month is not a finished entry.
  const blur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setTouched(true);
  };

  const hintId = hint ? `${id}-hint` : undefined;
  const ownId = own ? `${id}-own` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, ownId, errorId].filter(Boolean).join(' ') || undefined;
  const invalid = own || error ? true : undefined;
  const part = (name: keyof DayMonthYear, text: string, width: string, size: number, auto: string) => (
    <div className={width}>
      <label htmlFor={`${id}-${name}`} className="mb-0.5 block text-xs text-slate-600 dark:text-slate-300">
        {text}
      </label>
      <input
        id={`${id}-${name}`}
        className={box}
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={size}
        autoComplete={birthday ? auto : 'off'}
        value={boxes[name]}
        onChange={change(name)}
        aria-describedby={describedBy}
        aria-invalid={invalid}
      />
    </div>
  );
  return (
    <fieldset className={className ? `min-w-0 ${className}` : 'min-w-0'} onBlur={blur}>
      <legend className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium'}>{label}</legend>
      <div className="grid max-w-60 grid-cols-[1fr_1fr_1.6fr] items-end gap-2">
        {part('day', 'Day', 'min-w-0', 2, 'bday-day')}
        {part('month', 'Month', 'min-w-0', 2, 'bday-month')}
        {part('year', 'Year', 'min-w-0', 4, 'bday-year')}
      </div>
      {/* Read back in words, so 04/12 is seen to be 4 December; always there, as a live region must be. */}
      <p className="mt-1 min-h-4 text-xs text-slate-600 dark:text-slate-300" aria-live="polite">
        {result.kind === 'date' ? formatDate(result.iso) : ''}
      </p>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {own && (
        <p id={ownId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {own}
        </p>
      )}
      {error && error !== own && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
