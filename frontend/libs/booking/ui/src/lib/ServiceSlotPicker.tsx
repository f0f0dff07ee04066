import type { DayAvailability } from '@slotwise/shared-contract';
import { DateStrip, SlotPicker } from '@slotwise/shared-ui';
import { BUSINESS_TIME_ZONE, displayTime, formatDate, zoneAbbreviation, zoneNotice } from '@slotwise/shared-util';
import { dayOpen, slotState, type SlotRules } from './slot-state';

export interface SlotChoice {
  /** 'YYYY-MM-DD' */
  date: string;
  /** the slot as the API lists it ('05:30'); '' while none is picked */
  time: string;
}

interface Props extends SlotRules {
  /** GET /services/{id}/availability's days */
  days: readonly DayAvailability[];
  /** the zone the API reads the slots in (its timeZone) */
  timeZone?: string;
  value: SlotChoice;
  onChange: (choice: SlotChoice) => void;
  /** the legends: 'Select a date' / 'Select a time' on the booking page, 'New date' / 'New time' when rescheduling */
  dateLabel: string;
  timeLabel: string;
  /** the business, for a closed day's note */
  business?: string;
}

/** What a day off says (docs/product.md#provider-schedule). */
export function closedDayNote(business: string | undefined, note: string): string {
  return `${business || 'The provider'} is closed on this day${note ? ` (${note})` : ''}. Please choose another day.`;
}

/**
 * The one slot picker of booking and rescheduling: the days of the service's real availability as
 * a date strip, and the chosen day's slots, each enabled only when it can be picked now (free,
 * ahead of the minimum notice, after the current appointment when moving one). Keyboard: one tab
 * stop per group, arrow keys within; each group is named with the zone its times are in.
 */
export function ServiceSlotPicker({ days, timeZone = BUSINESS_TIME_ZONE, value, onChange, dateLabel, timeLabel, business, ...rules }: Props) {
  const day = days.find((d) => d.date === value.date) ?? null;
  const zone = zoneAbbreviation(timeZone);
  const browserNote = zoneNotice(Intl.DateTimeFormat().resolvedOptions().timeZone, timeZone);
  return (
    <div className="min-w-0 space-y-6" data-testid="slot-picker">
      <fieldset className="min-w-0">
        <legend className="mb-2 font-semibold">{dateLabel}</legend>
        <DateStrip
          label="Dates"
          dates={days.map((d) => ({ date: d.date, open: dayOpen(d, rules), closed: d.closed }))}
          value={value.date}
          onChange={(date) => onChange({ date, time: '' })}
        />
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="mb-2 font-semibold">
          {timeLabel} <span className="font-normal text-slate-600 dark:text-slate-300">({zone})</span>
        </legend>
        {browserNote && (
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-300" data-testid="zone-notice">
            {browserNote}
          </p>
        )}
        {day?.closed && (
          <p className="mb-2 text-sm text-slate-700 dark:text-slate-200" data-testid="closed-day">
            {closedDayNote(business, day.closedNote)}
          </p>
        )}
        {!value.date ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Choose a day to see its times.</p>
        ) : day && day.slots.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No times on this day.</p>
        ) : (
          <SlotPicker
            label={`Time slots on ${formatDate(value.date)} (${zone})`}
            value={value.time}
            onChange={(time) => onChange({ date: value.date, time })}
            slots={(day?.slots ?? []).map((s) => {
              const st = slotState(s, day ?? { closed: false }, rules);
              return { value: s.time, label: displayTime(s.time), open: st.open, reason: st.reason };
            })}
          />
        )}
      </fieldset>
    </div>
  );
}
