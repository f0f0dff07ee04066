import { useId, type CSSProperties } from 'react';
import type { Appointment, StaffRef } from '@slotwise/shared-contract';
import { Button, DateField } from '@slotwise/shared-ui';
import { addDays, businessDate, displayStatus, formatDate, formatTime12 } from '@slotwise/shared-util';
import { AppointmentStatusBadge } from '@slotwise/booking-ui';
import { visibleHours } from './calendar-events';
import { bookingLabel, hourMarks, placeDay, timeRange } from './team-day';

/** One hour's height in the grid. */
const HOUR_REM = 4;
/** The shortest a booking is drawn, so its time stays readable (a 15-minute one is taller than its length). */
const MIN_EVENT_REM = 1.5;

interface Props {
  /** the columns, in order (the whole team, or the member the filter picked) */
  members: readonly StaffRef[];
  /** the bookings to draw (already filtered: listed, not cancelled, the chosen category), any day */
  appointments: readonly Appointment[];
  durations?: ReadonlyMap<string, number>;
  /** YYYY-MM-DD, the business's wall-clock day */
  day: string;
  onDay: (day: string) => void;
  now: Date;
  onOpen: (a: Appointment) => void;
  /** a member's colour (the calendar legend's) */
  colorOf: (staffId: string) => string;
}

const rem = (minutes: number) => (minutes / 60) * HOUR_REM;

/**
 * The team day (docs/adr/0068-team-day-without-the-resource-plugin.md): for one day, a column per
 * member (their name on top), the hours down the side, each booking a button at its real start and
 * length that opens it. The grid scrolls sideways inside itself when many columns do not fit; a
 * phone gets one member (the page's filter picks who).
 */
export function TeamDayView({ members, appointments, durations, day, onDay, now, onOpen, colorOf }: Props) {
  const id = useId();
  const today = businessDate(now);
  const ofDay = appointments.filter((a) => a.date === day);
  const hours = visibleHours(ofDay, durations);
  const marks = hourMarks(hours.min, hours.max);
  const first = marks[0] ?? 0;
  const height = `${marks.length * HOUR_REM}rem`;
  const lines: CSSProperties = {
    height,
    backgroundImage: 'linear-gradient(to bottom, var(--color-line) 1px, transparent 1px)',
    backgroundSize: `100% ${HOUR_REM}rem`,
  };
  return (
    <section aria-labelledby={`${id}-day`} data-testid="team-day" className="min-w-0 rounded-xl border border-slate-200 bg-surface p-2 text-fg shadow-sm dark:border-slate-700">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        {/* Read again after Previous or Next, so a screen reader hears which day it is. */}
        <h2 id={`${id}-day`} aria-live="polite" className="text-lg font-semibold" data-testid="team-day-title">
          {formatDate(day) || day}
          {day === today ? ' (today)' : ''}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => onDay(addDays(day, -1))}>
            Previous day
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onDay(today)} disabled={day === today}>
            Today
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onDay(addDays(day, 1))}>
            Next day
          </Button>
          {/* Only a whole date moves the view; a half-typed one keeps the day shown. */}
          <DateField label="Go to date" className="w-48" value={day} onChange={(iso) => iso && onDay(iso)} />
        </div>
      </div>
      {/* Focusable so a keyboard can scroll it when many members overflow (axe scrollable-region-focusable). */}
      <div role="region" aria-label="Bookings by team member" tabIndex={0} className="overflow-x-auto">
        <div className="grid" style={{ gridTemplateColumns: `3.5rem repeat(${members.length}, minmax(9rem, 1fr))` }}>
          <div aria-hidden="true">
            <div className="h-10" />
            <div className="relative" style={{ height }}>
              {marks.map((m) => (
                <span key={m} className="absolute right-1 -translate-y-1/2 text-xs text-fg-muted first:translate-y-0" style={{ top: `${rem(m - first)}rem` }}>
                  {formatTime12(m).replace(':00', '')}
                </span>
              ))}
            </div>
          </div>
          {members.map((m, i) => {
            const placed = placeDay(
              ofDay.filter((a) => a.staffId === m._id),
              durations,
            );
            const color = colorOf(m._id);
            return (
              <section key={m._id} aria-labelledby={`${id}-m${i}`} data-testid="team-day-column" data-staff-id={m._id} className="min-w-0 border-l border-line">
                <h3 id={`${id}-m${i}`} className="flex h-10 items-center gap-2 px-2 text-sm font-semibold">
                  <span aria-hidden="true" className="inline-block h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: color }} />
                  <span className="truncate" title={m.name}>
                    {m.name}
                  </span>
                </h3>
                <div className="relative" style={lines}>
                  {placed.length === 0 ? (
                    <p className="px-2 pt-1 text-xs text-fg-muted">No bookings</p>
                  ) : (
                    <ol aria-label={`${m.name}'s bookings`}>
                      {placed.map((p) => (
                        <li
                          key={p.appointment._id}
                          className="absolute p-px"
                          style={{
                            top: `${rem(p.start - first)}rem`,
                            height: `${Math.max(MIN_EVENT_REM, rem(p.end - p.start))}rem`,
                            left: `${(p.lane / p.lanes) * 100}%`,
                            width: `${100 / p.lanes}%`,
                          }}
                        >
                          <button
                            type="button"
                            data-testid="team-booking"
                            data-appointment-id={p.appointment._id}
                            aria-label={bookingLabel(m.name, p, now)}
                            onClick={() => onOpen(p.appointment)}
                            className="block h-full w-full overflow-hidden rounded-md px-1.5 py-0.5 text-left text-xs leading-4 text-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand"
                            style={{ backgroundColor: color }}
                          >
                            {/* The spaces between the lines keep their words apart for axe's label-content-name-mismatch. */}
                            <span className="block font-semibold">{timeRange(p.start, p.end)}</span>{' '}
                            <span className="block truncate">
                              {p.appointment.serviceName} · {p.appointment.customerName || p.appointment.customerEmail}
                            </span>{' '}
                            <span className="mt-0.5 block">
                              <AppointmentStatusBadge status={displayStatus(p.appointment, now)} />
                            </span>
                          </button>
                        </li>
                      ))}
                    </ol>
                  )}
                </div>
              </section>
            );
          })}
        </div>
      </div>
    </section>
  );
}
