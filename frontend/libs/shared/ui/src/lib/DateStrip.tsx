import * as RovingFocus from '@radix-ui/react-roving-focus';
import type { ReactNode } from 'react';

export interface StripDate {
  /** 'YYYY-MM-DD' */
  date: string;
  /** false: nothing can be booked that day (shown dimmed, still selectable) */
  open?: boolean;
  /** a day off of the provider: greyed out, crossed and labelled Closed (still selectable, to read why) */
  closed?: boolean;
}

interface Props {
  /** names the group for screen readers */
  label: string;
  dates: readonly StripDate[];
  value: string;
  onChange: (date: string) => void;
  /** 'strip' (default): one row that scrolls sideways within itself; 'grid': rows that wrap */
  layout?: 'strip' | 'grid';
  /** what a day's button says; weekday, day and month stacked by default */
  renderDate?: (date: string) => ReactNode;
}

const noon = (date: string) => new Date(`${date}T12:00:00`);
// One formatter each, built once: toLocaleDateString builds a new one per call, 1–3 ms each on a
// phone, twice per day of the strip.
const WEEKDAY = new Intl.DateTimeFormat('en-IN', { weekday: 'short' });
const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short' });

function StackedDay({ date }: { date: string }) {
  const d = noon(date);
  return (
    <>
      <span>{WEEKDAY.format(d)}</span>
      <span className="text-lg font-bold">{d.getDate()}</span>
      <span>{MONTH.format(d)}</span>
    </>
  );
}

/**
 * Pick one day. Each day is a toggle button (aria-pressed) carrying data-date; the group is one
 * tab stop and the arrow keys move between days (Radix roving focus). The strip scrolls inside
 * its own box, so it never widens the page; keep any fieldset around it `min-w-0`.
 */
export function DateStrip({ label, dates, value, onChange, layout = 'strip', renderDate }: Props) {
  const box = layout === 'strip' ? 'flex min-w-0 gap-2 overflow-x-auto overscroll-x-contain pb-2' : 'grid grid-cols-3 gap-2 sm:grid-cols-5 md:grid-cols-7';
  return (
    <RovingFocus.Root role="group" aria-label={label} loop className={box}>
      {dates.map((d) => {
        const selected = d.date === value;
        return (
          <RovingFocus.Item key={d.date} asChild active={selected}>
            <button
              type="button"
              data-date={d.date}
              data-closed={d.closed ? 'true' : undefined}
              aria-pressed={selected}
              onClick={() => onChange(d.date)}
              className={`flex min-h-11 shrink-0 flex-col items-center justify-center rounded-lg border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                layout === 'strip' ? 'min-w-16' : ''
              } ${selected ? 'border-brand bg-brand text-white' : 'border-line hover:bg-hover'} ${
                // Closed and full days look muted by their fill and dashes, not by fading the text:
                // their words keep ≥ 4.5:1 in both themes (axe color-contrast).
                selected ? '' : d.closed ? 'border-dashed bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100' : d.open === false ? 'border-dashed text-slate-600 dark:text-slate-300' : ''
              }`}
            >
              <span className={`flex flex-col items-center ${d.closed ? 'line-through' : ''}`}>{renderDate ? renderDate(d.date) : <StackedDay date={d.date} />}</span>
              {d.closed && <span className="text-xs font-semibold">Closed</span>}
            </button>
          </RovingFocus.Item>
        );
      })}
    </RovingFocus.Root>
  );
}
