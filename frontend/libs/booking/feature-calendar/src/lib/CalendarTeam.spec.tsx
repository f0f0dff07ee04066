import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { anAppointmentIn, anOwner, aProvider, aStaffMember, fillDate, mockApi } from '@slotwise/shared-testing';
import type { Appointment } from '@slotwise/shared-contract';
import { CalendarPage } from './CalendarPage';
import { MEMBER_COLORS, memberColor } from './calendar-events';

// One button per event stands in for FullCalendar, carrying the colour it would be drawn in.
vi.mock('./CalendarView', () => ({
  CalendarView: ({ appointments, onOpen, colorOf }: { appointments: Appointment[]; onOpen: (a: Appointment) => void; colorOf?: (a: Appointment) => string }) => (
    <div data-testid="calendar">
      {appointments.map((a) => (
        <button key={a._id} type="button" onClick={() => onOpen(a)} data-color={colorOf?.(a) ?? 'category'}>
          {a.customerName}
        </button>
      ))}
    </div>
  ),
}));

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const owner = anOwner({ _id: 'owner', name: 'Smile Clinic', serviceIds: ['s1'] });
const meera = aStaffMember({ _id: 'm1', name: 'Meera Iyer', serviceIds: ['s1'] });

function renderCalendar(phone = false, entries?: string[]) {
  window.matchMedia = ((q: string) => ({ matches: phone && q.includes('max-width'), media: q, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
  mockApi.signIn(aProvider());
  mockApi.staff = [owner, meera];
  mockApi.appointments = [
    anAppointmentIn(48, { serviceId: 's1', customerName: 'Asha', status: 'confirmed', staffId: 'owner', staffName: 'Smile Clinic' }),
    anAppointmentIn(50, { serviceId: 's1', customerName: 'Kiran', status: 'confirmed', staffId: 'm1', staffName: 'Meera Iyer' }),
  ];
  renderWithProviders(<CalendarPage />, { entries });
}

const providerQueries = () => mockApi.requestsTo('GET', '/appointments/provider').map((r) => new URLSearchParams(r.path.split('?')[1] ?? ''));

afterEach(() => {
  // jsdom has no matchMedia of its own.
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('the calendar with a team', () => {
  it('on a wide screen shows everyone, each member in a colour of their own with a legend; the filter narrows to one', async () => {
    renderCalendar();
    const asha = await screen.findByRole('button', { name: 'Asha' });
    expect(asha.getAttribute('data-color')).toBe(MEMBER_COLORS[0]);
    expect(screen.getByRole('button', { name: 'Kiran' }).getAttribute('data-color')).toBe(MEMBER_COLORS[1]);
    const legend = screen.getByRole('list', { name: 'Team member colours' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Smile Clinic', 'Meera Iyer']);

    fireEvent.change(screen.getByLabelText('Team member'), { target: { value: 'm1' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Asha' })).toBeNull());
    expect((await screen.findByRole('button', { name: 'Kiran' })).getAttribute('data-color')).toBe('category');
    expect(providerQueries().at(-1)?.get('staffId')).toBe('m1');
    expect(screen.getByRole('list', { name: 'Category colours' })).toBeTruthy();
  });

  it('on a phone shows one member at a time, the owner first', async () => {
    renderCalendar(true);
    await waitFor(() => expect((screen.getByLabelText('Team member') as HTMLSelectElement).value).toBe('owner'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Kiran' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Asha' })).toBeTruthy();
    expect((screen.getByLabelText('Team member') as HTMLSelectElement).value).toBe('owner');
    expect(providerQueries().at(-1)?.get('staffId')).toBe('owner');
    fireEvent.change(screen.getByLabelText('Team member'), { target: { value: '' } });
    expect(await screen.findByRole('button', { name: 'Kiran' })).toBeTruthy();
  });

  it('Reassign from an event moves it to another member', async () => {
    renderCalendar();
    fireEvent.click(await screen.findByRole('button', { name: 'Asha' }));
    const details = await screen.findByRole('dialog', { name: 'Appointment Details' });
    expect(within(details).getByTestId('detail-with').textContent).toBe('Smile Clinic');
    fireEvent.click(within(details).getByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign booking' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Asha' }).getAttribute('data-color')).toBe(memberColor([owner, meera], 'm1')));
  });

  describe('the team day', () => {
    const day = () => mockApi.appointments[0].date;
    const openTeamDay = async () => {
      fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Team day' }));
      fireEvent.click(screen.getByRole('tab', { name: 'Team day' }));
      const view = await screen.findByTestId('team-day');
      fillDate(view, 'Go to date', day());
      return view;
    };

    it('on a wide screen puts each member in a column of their own, bookings labelled for a screen reader', async () => {
      renderCalendar();
      const view = await openTeamDay();
      const columns = within(view).getAllByTestId('team-day-column');
      expect(columns.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Smile Clinic', 'Meera Iyer']);
      const asha = within(columns[0]).getByRole('button', { name: /^Smile Clinic, .*, Dental check-up, Asha, Confirmed$/ });
      expect(within(columns[1]).getByRole('button', { name: /^Meera Iyer, .*, Kiran, Confirmed$/ })).toBeTruthy();
      expect(within(columns[0]).queryByRole('button', { name: /Kiran/ })).toBeNull();
      // Drawn in the member's colour, as the legend says.
      expect(asha.style.backgroundColor).toBe('rgb(29, 78, 216)');
      fireEvent.click(asha);
      expect(within(await screen.findByRole('dialog', { name: 'Appointment Details' })).getByTestId('detail-with').textContent).toBe('Smile Clinic');
    });

    it('moves a day at a time and back to today; the filter narrows the columns to one member', async () => {
      renderCalendar();
      const view = await openTeamDay();
      const title = within(view).getByTestId('team-day-title').textContent;
      fireEvent.click(within(view).getByRole('button', { name: 'Next day' }));
      await waitFor(() => expect(within(view).queryAllByTestId('team-booking')).toHaveLength(0));
      expect(within(view).getByTestId('team-day-title').textContent).not.toBe(title);
      fireEvent.click(within(view).getByRole('button', { name: 'Previous day' }));
      await waitFor(() => expect(within(view).getAllByTestId('team-booking')).toHaveLength(2));
      fireEvent.click(within(view).getByRole('button', { name: 'Today' }));
      await waitFor(() => expect(within(view).getByTestId('team-day-title').textContent).toMatch(/\(today\)$/));

      fillDate(view, 'Go to date', day());
      fireEvent.change(screen.getByLabelText('Team member'), { target: { value: 'm1' } });
      await waitFor(() => expect(within(screen.getByTestId('team-day')).getAllByTestId('team-day-column')).toHaveLength(1));
      expect(within(screen.getByTestId('team-day')).getByRole('heading', { level: 3 }).textContent).toBe('Meera Iyer');
      expect(providerQueries().at(-1)?.get('staffId')).toBe('m1');
    });

    it('opens at the day in the address, or today when it is not a date', async () => {
      renderCalendar(false, ['/calendar?view=team&day=nonsense']);
      expect((await screen.findByTestId('team-day-title')).textContent).toMatch(/\(today\)$/);
    });

    it('on a phone shows one member at a time, picked in the filter, which has no "Everyone"', async () => {
      renderCalendar(true, ['/calendar?view=team']);
      const view = await screen.findByTestId('team-day');
      fillDate(view, 'Go to date', day());
      const filter = screen.getByLabelText('Team member') as HTMLSelectElement;
      expect([...filter.options].map((o) => o.textContent)).toEqual(['Smile Clinic', 'Meera Iyer']);
      await waitFor(() => expect(within(screen.getByTestId('team-day')).getAllByTestId('team-day-column')).toHaveLength(1));
      expect(within(screen.getByTestId('team-day')).getByRole('button', { name: /Asha/ })).toBeTruthy();
      fireEvent.change(filter, { target: { value: 'm1' } });
      await waitFor(() => expect(within(screen.getByTestId('team-day')).getByRole('heading', { level: 3 }).textContent).toBe('Meera Iyer'));
      expect(await within(screen.getByTestId('team-day')).findByRole('button', { name: /Kiran/ })).toBeTruthy();
      expect(within(screen.getByTestId('team-day')).queryByRole('button', { name: /Asha/ })).toBeNull();
    });
  });
});
