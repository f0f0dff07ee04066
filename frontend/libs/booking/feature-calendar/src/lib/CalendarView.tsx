import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { Appointment } from '@slotwise/shared-contract';
import { displayTime } from '@slotwise/shared-util';
import { calendarEnd, calendarStart, categoryColor } from './calendar-events';

export const MAX_EVENTS_PER_DAY = 3;

interface Props {
  appointments: Appointment[];
  provider: boolean;
  onOpen: (a: Appointment) => void;
}

/**
 * FullCalendar v7 (month, week, day; Today; ≤ 3 events a day with "+N more"). Events sit at
 * their booked wall-clock time, whatever the browser's zone.
 */
export function CalendarView({ appointments, provider, onOpen }: Props) {
  const byId = new Map(appointments.map((a) => [a._id, a]));
  const events = appointments.flatMap((a) => {
    const start = calendarStart(a);
    if (!start) return [];
    const color = categoryColor(a.serviceCategory);
    return [
      {
        id: a._id,
        title: provider ? `${a.serviceName} · ${a.customerName || a.customerEmail}` : a.serviceName,
        start,
        end: calendarEnd(a) ?? undefined,
        color,
        contrastColor: '#ffffff',
        extendedProps: { time: displayTime(a.time) },
      },
    ];
  });
  return (
    <div data-testid="calendar" className="slotwise-calendar rounded-xl bg-white p-2 text-slate-900 shadow-sm dark:bg-slate-100">
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, classicThemePlugin]}
        initialView="dayGridMonth"
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
        dayMaxEvents={MAX_EVENTS_PER_DAY}
        eventDisplay="block"
        height="auto"
        slotMinTime="06:00:00"
        slotMaxTime="23:00:00"
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
