import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { Appointment } from '@slotwise/shared-contract';
import { displayTime } from '@slotwise/shared-util';
import { useState } from 'react';
import { calendarEnd, calendarStart, categoryColor, isPhone, visibleHours } from './calendar-events';

const WIDE = {
  initialView: 'dayGridMonth',
  headerToolbar: { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' },
  footerToolbar: false as const,
};
const PHONE = {
  initialView: 'listWeek',
  headerToolbar: { start: 'title', center: '', end: 'prev,next' },
  footerToolbar: { start: 'today', center: '', end: 'listWeek,timeGridDay,dayGridMonth' },
};

export const MAX_EVENTS_PER_DAY = 3;
export const LIST_TITLE_CLASS = 'slotwise-list-title';

interface Props {
  appointments: Appointment[];
  /** Each service's length in minutes (useServiceDurations); unknown ones are drawn as an hour. */
  durations?: ReadonlyMap<string, number>;
  provider: boolean;
  onOpen: (a: Appointment) => void;
  /** an event's colour (default: its category's); the provider's calendar colours by team member */
  colorOf?: (a: Appointment) => string;
  /** names the member in each event's title (a team of several) */
  showStaff?: boolean;
}

/**
 * FullCalendar v7 (month, week, day; Today; ≤ 3 events a day with "+N more"); on a phone an
 * agenda and a day view first, the toolbar split above and below. Events sit at their booked
 * wall-clock time, whatever the browser's zone. Its colours follow the theme (styles.css).
 */
export function CalendarView({ appointments, durations, provider, onOpen, colorOf, showStaff = false }: Props) {
  const [layout] = useState(() => (isPhone() ? PHONE : WIDE));
  const byId = new Map(appointments.map((a) => [a._id, a]));
  const hours = visibleHours(appointments, durations);
  const events = appointments.flatMap((a) => {
    const start = calendarStart(a);
    if (!start) return [];
    const color = colorOf ? colorOf(a) : categoryColor(a.serviceCategory);
    const base = provider ? `${a.serviceName} · ${a.customerName || a.customerEmail}` : a.serviceName;
    return [
      {
        id: a._id,
        title: showStaff && a.staffName ? `${base} · with ${a.staffName}` : base,
        start,
        end: calendarEnd(a, durations?.get(a.serviceId)) ?? undefined,
        color,
        contrastColor: '#ffffff',
        extendedProps: { time: displayTime(a.time) },
      },
    ];
  });
  return (
    <div data-testid="calendar" className="slotwise-calendar min-w-0 rounded-xl border border-slate-200 bg-surface p-2 text-fg shadow-sm dark:border-slate-700">
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, classicThemePlugin]}
        initialView={layout.initialView}
        headerToolbar={layout.headerToolbar}
        footerToolbar={layout.footerToolbar}
        // Its name says what it shows ("today"), as axe's label-in-name rule asks.
        todayHint="Today"
        dayMaxEvents={MAX_EVENTS_PER_DAY}
        // The agenda's titles wrap (styles.css): the theme keeps them on one line and clips them,
        // which on a phone hid most of a long service and customer name.
        listItemEventTitleClass={LIST_TITLE_CLASS}
        eventDisplay="block"
        // The agenda and the time grids print the start and the end ("5:00 – 5:15").
        displayEventEnd
        height="auto"
        slotMinTime={hours.min}
        slotMaxTime={hours.max}
        events={events}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          const a = byId.get(info.event.id);
          if (a) onOpen(a);
        }}
      />
    </div>
  );
}
