import * as RovingFocus from '@radix-ui/react-roving-focus';

export interface PickerSlot {
  /** what is sent when picked */
  value: string;
  /** what the button says, e.g. '9:00 AM' */
  label: string;
  /** can be picked now */
  open: boolean;
  /** why it cannot be picked (shown as the button's title) */
  reason?: string;
}

interface Props {
  /** names the group for screen readers */
  label: string;
  slots: readonly PickerSlot[];
  value: string;
  onChange: (value: string) => void;
  /** the grid's column classes */
  columns?: string;
}

/**
 * Pick one time slot. Each slot is a toggle button (aria-pressed) carrying data-slot; a slot
 * that cannot be picked is disabled and struck through. One tab stop, arrow keys between slots.
 */
export function SlotPicker({ label, slots, value, onChange, columns = 'grid-cols-3 sm:grid-cols-4 md:grid-cols-6' }: Props) {
  return (
    <RovingFocus.Root role="group" aria-label={label} loop className={`grid gap-2 ${columns}`}>
      {slots.map((s) => {
        const selected = s.value === value;
        return (
          <RovingFocus.Item key={s.value} asChild active={selected} focusable={s.open}>
            <button
              type="button"
              data-slot={s.value}
              disabled={!s.open}
              aria-pressed={selected}
              title={s.open ? undefined : s.reason}
              onClick={() => onChange(s.value)}
              // When the slots paint, read by frontend/tools/lcp.mjs (Element Timing).
              {...{ elementtiming: 'slot' }}
              className={`min-h-11 rounded-lg border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                selected ? 'border-brand bg-brand text-white' : 'border-line hover:bg-hover'
              } disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-400 disabled:line-through dark:disabled:bg-slate-800`}
            >
              {s.label}
            </button>
          </RovingFocus.Item>
        );
      })}
    </RovingFocus.Root>
  );
}
