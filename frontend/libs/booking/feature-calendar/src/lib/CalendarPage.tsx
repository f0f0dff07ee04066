import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Appointment, AppointmentStatus } from '@slotwise/shared-contract';
import { useSession } from '@slotwise/shared-data-access';
import { Button, buttonClass, EmptyState, ErrorBanner, Field, Page, PageHeader, Select, Spinner, SuccessBanner, Tabs, toast } from '@slotwise/shared-ui';
import { APPOINTMENT_UPDATED_KEY, businessDate, reviewState, TOAST_MS, failureMessage } from '@slotwise/shared-util';
import {
  CALENDAR_EXPORT_FAILED,
  downloadAppointmentCalendar,
  performers,
  useAppointments,
  useMyStaff,
  useProviderStatus,
  useReassign,
  useServiceDurations,
  useShowStaff,
} from '@slotwise/booking-data-access';
import { AppointmentDetailsModal, canReassign, ListPager, ProviderActions, ReassignDialog, StaffFilter } from '@slotwise/booking-ui';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import { calendarAppointments, CATEGORY_COLORS, DEFAULT_CATEGORY_COLOR, isPhone, memberColor, presentCategories } from './calendar-events';
import { CalendarView } from './CalendarView';
import { TeamDayView } from './TeamDayView';

/** Shown after a reschedule (docs/product.md#states-and-transitions); the reschedule screens leave a flag in local storage. */
export const CALENDAR_UPDATED = 'Calendar updated with rescheduled appointment';

/** docs/product.md#messages: a failed provider status change on the calendar. */
export const STATUS_UPDATE_FAILED = 'Error updating appointment status. Please try again.';

/** The team day's value of ?view=. */
export const TEAM_VIEW = 'team';
const LAYOUTS = [
  { value: 'calendar', label: 'Calendar' },
  { value: TEAM_VIEW, label: 'Team day' },
] as const;

/** A real YYYY-MM-DD (an address typed by hand falls back to today). */
const isDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));

/** /calendar (login required), for both roles. The calendar library loads with this route. */
export function CalendarPage() {
  const { role, token } = useSession();
  const provider = role === 'provider';
  const staff = useMyStaff();
  const team = staff.data ?? [];
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The team day (?view=team&day=YYYY-MM-DD): a column per member; kept in the address so a reload stays there.
  const teamDay = provider && team.length > 1 && params.get('view') === TEAM_VIEW;
  const asked = params.get('day') ?? '';
  const day = isDay(asked) ? asked : businessDate(new Date());
  const setView = (view: string) =>
    setParams((p) => {
      if (view === TEAM_VIEW) p.set('view', TEAM_VIEW);
      else p.delete('view');
      return p;
    }, { replace: true });
  const setDay = (d: string) =>
    setParams((p) => {
      p.set('day', d);
      return p;
    }, { replace: true });
  // The member filter ('' = everyone): on a phone one member at a time, the owner first, until another is picked;
  // the team day on a phone has no "everyone" (one column fits).
  const [picked, setPicked] = useState<string | null>(null);
  const [phone] = useState(isPhone);
  const oneAtATime = phone && team.length > 1;
  const defaultMember = oneAtATime ? team[0]._id : '';
  const chosen = picked !== null && (picked === '' || team.some((m) => m._id === picked)) ? picked : defaultMember;
  const staffId = oneAtATime && teamDay && chosen === '' ? team[0]._id : chosen;
  const appointments = useAppointments(staffId);
  const showStaff = useShowStaff(appointments.data);
  const reassign = useReassign();
  const [reassigning, setReassigning] = useState<Appointment | null>(null);
  // Everyone on a wide screen: each member in a colour of their own, side by side in the grid.
  const byMember = provider && team.length > 1 && staffId === '';
  const changeStatus = useProviderStatus();
  const [category, setCategory] = useState('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [updated, setUpdated] = useState(false);
  const [now, setNow] = useState(() => new Date());
  // The provider's steps depend on whether it has started: read the clock again with every refresh.
  useEffect(() => setNow(new Date()), [appointments.dataUpdatedAt]);
  // Each appointment is drawn as long as its service lasts (a 15-minute booking at 5:00 ends at 5:15).
  const durations = useServiceDurations((appointments.data ?? []).map((a) => a.serviceId));

  // After a reschedule: refresh and say so for 3 s (docs/product.md#states-and-transitions).
  useEffect(() => {
    const fromReschedule = params.get('fromReschedule') === 'true';
    if (fromReschedule || localStorage.getItem(APPOINTMENT_UPDATED_KEY) === 'true') {
      localStorage.removeItem(APPOINTMENT_UPDATED_KEY);
      void appointments.refetch();
      // Said once, by the banner (not also by a toast).
      setUpdated(true);
      const t = setTimeout(() => setUpdated(false), TOAST_MS);
      if (fromReschedule) {
        params.delete('fromReschedule');
        setParams(params, { replace: true });
      }
      return () => clearTimeout(t);
    }
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const title = provider ? 'Provider Calendar' : 'Appointment Calendar';
  if (!token) {
    return (
      <Page>
        <PageHeader title={title} />
        <ErrorBanner>Please log in to view your appointments</ErrorBanner>
      </Page>
    );
  }

  const all = appointments.data ?? [];
  const visible = calendarAppointments(all);
  const shown = calendarAppointments(all, category);
  const categories = presentCategories(visible);
  const selected = all.find((a) => a._id === selectedId) ?? null;

  const calendar = (
    <CalendarView
      appointments={shown}
      durations={durations}
      provider={provider}
      onOpen={(a) => setSelectedId(a._id)}
      colorOf={byMember ? (a) => memberColor(team, a.staffId) : undefined}
      showStaff={provider && team.length > 1}
    />
  );

  const act = (a: Appointment) => (status: AppointmentStatus, reason: string) => changeStatus.mutateAsync({ id: a._id, status, reason });

  return (
    <Page>
      <PageHeader title={title} />
      {updated && <div className="mb-4"><SuccessBanner>{CALENDAR_UPDATED}</SuccessBanner></div>}
      <CalendarFeedPanel />
      {/* The member filter stays when a member has nothing booked, so another can be picked. */}
      {((provider && team.length > 1) || (appointments.isSuccess && visible.length > 0)) && (
        <div className="mb-4 flex flex-wrap items-end gap-4">
          {provider && <StaffFilter staff={team} value={staffId} onChange={setPicked} everyone={!(oneAtATime && teamDay)} className="min-w-0 max-w-xs" />}
          {appointments.isSuccess && visible.length > 0 && (
            <>
              <Field label="Category">
                <Select value={category} onChange={(e) => setCategory(e.target.value)}>
                  <option value="all">All categories</option>
                  {categories.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Select>
              </Field>
              <ul aria-label={byMember || teamDay ? 'Team member colours' : 'Category colours'} className="flex flex-wrap gap-3 text-xs" data-testid="calendar-legend">
                {(byMember || teamDay ? team.map((m) => ({ key: m.name, color: memberColor(team, m._id) })) : [...CATEGORY_COLORS, { key: 'Other', color: DEFAULT_CATEGORY_COLOR }]).map((c) => (
                  <li key={c.key} className="flex items-center gap-1">
                    <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: c.color }} aria-hidden="true" />
                    {c.key}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {appointments.isPending && <Spinner label="Loading appointments…" />}
      {appointments.isError && (
        <ErrorBanner>
          Failed to load appointments{' '}
          <button type="button" className="underline" onClick={() => void appointments.refetch()}>
            Retry
          </button>
        </ErrorBanner>
      )}
      {appointments.isSuccess && <ListPager list={appointments} direction="earlier" />}
      {appointments.isSuccess && visible.length === 0 && (
        <EmptyState
          title={provider ? 'No Bookings Yet' : 'No Appointments Yet'}
          action={
            provider ? undefined : (
              <Link to="/appointments" className={buttonClass('primary')}>
                Book Your First Appointment
              </Link>
            )
          }
        />
      )}
      {appointments.isSuccess && visible.length > 0 && (provider && team.length > 1 ? (
        <Tabs label="Calendar layout" tabs={LAYOUTS} value={teamDay ? TEAM_VIEW : 'calendar'} onChange={setView}>
          {teamDay ? (
            <TeamDayView
              members={staffId ? team.filter((m) => m._id === staffId) : team}
              appointments={shown}
              durations={durations}
              day={day}
              onDay={setDay}
              now={now}
              onOpen={(a) => setSelectedId(a._id)}
              colorOf={(id) => memberColor(team, id)}
            />
          ) : (
            calendar
          )}
        </Tabs>
      ) : (
        calendar
      ))}
      {appointments.isSuccess && <ListPager list={appointments} direction="later" />}
      {selected && (
        <AppointmentDetailsModal
          appointment={selected}
          now={now}
          onClose={() => setSelectedId(null)}
          onAddToCalendar={() => void downloadAppointmentCalendar(selected).catch((err) => toast.error(failureMessage(err, CALENDAR_EXPORT_FAILED)))}
          viewer={provider ? 'provider' : 'customer'}
          showStaff={showStaff(selected)}
          actions={
            provider ? (
              <>
                <ProviderActions appointment={selected} now={now} onAct={act(selected)} failedMessage={STATUS_UPDATE_FAILED} size="md" className="contents" />
                {team.length > 1 && canReassign(selected, now) && performers(team, selected.serviceId).some((m) => m._id !== selected.staffId) && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setSelectedId(null);
                      setReassigning(selected);
                    }}
                  >
                    Reassign
                  </Button>
                )}
              </>
            ) : (
              <>
                {reviewState(selected, now) === 'review' && (
                  <Button onClick={() => navigate('/leave-review', { state: { appointmentId: selected._id, serviceName: selected.serviceName } })}>
                    Leave a Review
                  </Button>
                )}
                <Link to="/my-appointments" className={buttonClass('secondary')}>
                  My Appointments
                </Link>
              </>
            )
          }
        />
      )}
      {reassigning && (
        <ReassignDialog
          appointment={reassigning}
          members={performers(team, reassigning.serviceId)}
          onClose={() => setReassigning(null)}
          onReassign={(id) => reassign.mutateAsync({ id: reassigning._id, staffId: id }).then((r) => toast.success(r.message))}
        />
      )}
    </Page>
  );
}
