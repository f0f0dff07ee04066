import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { anAppointmentIn, apiError, aUser, fillDate, http, mockApi, server } from '@slotwise/shared-testing';
import { MyAppointmentsPage } from './MyAppointmentsPage';

const list = () => [
  anAppointmentIn(48, { serviceName: 'Dental check-up', status: 'scheduled' }),
  anAppointmentIn(-48, { serviceName: 'Eye test', status: 'confirmed' }),
  anAppointmentIn(72, { serviceName: 'Haircut', status: 'cancelled' }),
];
function renderPage(fail = false, entries?: string[]) {
  mockApi.signIn(aUser());
  mockApi.appointments = list();
  if (fail) server.use(http.get('*/appointments', () => apiError(500, 'boom')));
  renderWithProviders(<MyAppointmentsPage />, { entries });
}

const card = async (name: string) => (await screen.findByText(name)).closest('[data-testid="appointment-card"]') as HTMLElement;
const swipe = (el: HTMLElement, dx: number) => {
  fireEvent.touchStart(el, { changedTouches: [{ clientX: 200 }] });
  fireEvent.touchEnd(el, { changedTouches: [{ clientX: 200 + dx }] });
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MyAppointmentsPage', () => {
  it('pages: the window and what is upcoming load on their own; "Show earlier appointments" loads older ones', async () => {
    mockApi.signIn(aUser());
    const day = 24;
    mockApi.appointments = [
      anAppointmentIn(-90 * day, { serviceName: 'Old one' }),
      anAppointmentIn(-60 * day, { serviceName: 'Older two' }),
      anAppointmentIn(-45 * day, { serviceName: 'Older three' }),
      anAppointmentIn(-2 * day, { serviceName: 'Recent' }),
      anAppointmentIn(day, { serviceName: 'Tomorrow' }),
      anAppointmentIn(3 * day, { serviceName: 'Later' }),
    ];
    // Pages of two from 30 days back, as the server's window.
    mockApi.appointmentPages = { size: 2, windowStart: new Date(Date.now() - 30 * 86_400_000) };
    renderWithProviders(<MyAppointmentsPage />);
    // The window's two pages: Recent and Tomorrow, then Later on its own.
    await card('Later');
    expect(screen.getByText('Recent')).toBeTruthy();
    expect(screen.queryByText('Older three')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more appointments' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier appointments' }));
    await card('Older two');
    expect(screen.getByText('Older three')).toBeTruthy();
    expect(screen.queryByText('Old one')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier appointments' }));
    await card('Old one');
    expect(screen.queryByRole('button', { name: 'Show earlier appointments' })).toBeNull();
    expect(screen.getByTestId('stat-total').textContent).toContain('6');
    const cursors = mockApi.requests.filter((r) => r.path.startsWith('/appointments')).map((r) => new URLSearchParams(r.path.split('?')[1] ?? '').get('cursor'));
    expect(cursors).toEqual([null, 'a:5', 'b:3', 'b:1']);
  });


  it("a notification's link (?appointment=<id>) opens that appointment's details", async () => {
    const appointments = list();
    mockApi.signIn(aUser());
    mockApi.appointments = appointments;
    renderWithProviders(<MyAppointmentsPage />, { entries: [`/my-appointments?appointment=${appointments[1]._id}`] });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Eye test')).toBeTruthy();
  });

  it('an unknown linked appointment opens nothing', async () => {
    renderPage(false, ['/my-appointments?appointment=gone']);
    await card('Dental check-up');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stats: Total, Upcoming, Completed (past confirmed shown as completed), Cancelled', async () => {
    renderPage();
    await card('Dental check-up');
    expect(screen.getByTestId('stat-total').textContent).toContain('3');
    expect(screen.getByTestId('stat-upcoming').textContent).toContain('1');
    expect(screen.getByTestId('stat-completed').textContent).toContain('1');
    expect(screen.getByTestId('stat-cancelled').textContent).toContain('1');
    expect(within(await card('Eye test')).getByTestId('status-badge').textContent).toBe('Completed');
    expect(within(await card('Eye test')).getByRole('button', { name: 'Leave a Review' })).toBeTruthy();
  });

  it('search and status filter', async () => {
    renderPage();
    await card('Dental check-up');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'eye' } });
    expect(screen.queryByText('Dental check-up')).toBeNull();
    expect(screen.getByText('Eye test')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
    expect(screen.getByText('Haircut')).toBeTruthy();
    expect(screen.queryByText('Eye test')).toBeNull();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'no-show' } });
    expect(screen.getByText('No appointments found')).toBeTruthy();
  });

  it('date filter: From and To are typed day first and narrow the list by date', async () => {
    renderPage();
    await card('Dental check-up');
    expect(screen.getByText('Eye test')).toBeTruthy();
    const dentalDay = mockApi.appointments.find((a) => a.serviceName === 'Dental check-up')?.date ?? '';
    const filters = screen.getByRole('region', { name: 'Filters' });
    fillDate(filters, 'From', dentalDay);
    // the one two days back is before From; Dental (in 2 days) and Haircut (in 3) are not
    expect(screen.queryByText('Eye test')).toBeNull();
    expect(screen.getByText('Dental check-up')).toBeTruthy();
    expect(screen.getByText('Haircut')).toBeTruthy();
    fillDate(filters, 'To', dentalDay);
    expect(screen.getByText('Dental check-up')).toBeTruthy();
    expect(screen.queryByText('Haircut')).toBeNull();
  });

  it('a request on a day the provider closed says so on its card, Reschedule first; an open day still awaits the answer', async () => {
    mockApi.signIn(aUser());
    const closedOne = anAppointmentIn(48, { _id: 'c1', serviceId: 's-closed', serviceName: 'Facial', status: 'pending', awaitingProvider: true });
    const openOne = anAppointmentIn(72, { _id: 'o1', serviceId: 's-open', serviceName: 'Massage', status: 'pending', awaitingProvider: true });
    mockApi.appointments = [closedOne, openOne];
    mockApi.availability.set('s-closed', [{ date: closedOne.date, closed: true, closedNote: 'Staff training', slots: [] }]);
    mockApi.availability.set('s-open', [{ date: openOne.date, closed: false, closedNote: '', slots: [] }]);
    renderWithProviders(<MyAppointmentsPage />);
    const facial = await card('Facial');
    expect((await within(facial).findByTestId('card-closed-day')).textContent).toBe('Closed that day (Staff training), please choose another time.');
    expect(within(facial).queryByText("Awaiting the provider's answer")).toBeNull();
    expect(within(facial).getAllByRole('button').map((b) => b.textContent)).toEqual(['Facial', 'Reschedule', 'Details', 'Cancel']);
    const massage = await card('Massage');
    await waitFor(() => expect(mockApi.requestsTo('GET', '/services/s-open/availability').length).toBeGreaterThan(0));
    expect(within(massage).queryByTestId('card-closed-day')).toBeNull();
    expect(within(massage).getByText("Awaiting the provider's answer")).toBeTruthy();
    expect(within(massage).getAllByRole('button').map((b) => b.textContent)).toEqual(['Massage', 'Details', 'Reschedule', 'Cancel']);
  });

  it('swipe left beyond 50 px opens details; 50 px does nothing', async () => {
    renderPage();
    const c = await card('Dental check-up');
    swipe(c, -50);
    expect(screen.queryByRole('dialog')).toBeNull();
    swipe(c, -60);
    expect(within(screen.getByRole('dialog')).getByText('Appointment Details')).toBeTruthy();
  });

  it('swipe right on an open appointment asks in an accessible dialog (never window.confirm): Reschedule', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderPage();
    swipe(await card('Dental check-up'), 80);
    const ask = screen.getByRole('alertdialog', { name: 'Change this appointment?' });
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Reschedule' }));
    expect(within(screen.getByRole('dialog')).getByText('Reschedule Appointment')).toBeTruthy();
  });

  it('Cancel asks in an accessible dialog first; keeping it sends nothing', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderPage();
    fireEvent.click(within(await card('Dental check-up')).getByRole('button', { name: 'Cancel' }));
    const ask = screen.getByRole('alertdialog', { name: 'Cancel appointment?' });
    expect(confirm).not.toHaveBeenCalled();
    expect(ask.textContent).toMatch(/Dental check-up appointment on \w{3}, \d{1,2} \w{3} \d{4} · \d{1,2}:\d{2} [AP]M/);
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(mockApi.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it("Cancel takes an optional reason for the provider; the provider's reason and a pending answer are shown", async () => {
    mockApi.signIn(aUser());
    const open = anAppointmentIn(48, { serviceName: 'Dental check-up', status: 'scheduled' });
    mockApi.appointments = [
      open,
      anAppointmentIn(72, { serviceName: 'Haircut', status: 'cancelled', cancelledBy: 'provider', reason: 'Closed for Diwali' }),
      anAppointmentIn(96, { serviceName: 'Facial', status: 'scheduled', awaitingProvider: true }),
    ];
    renderWithProviders(<MyAppointmentsPage />);
    expect(within(await card('Haircut')).getByTestId('cancellation-note').textContent).toBe('Cancelled by the provider: “Closed for Diwali”');
    expect(within(await card('Facial')).getByText("Awaiting the provider's answer")).toBeTruthy();
    fireEvent.click(within(await card('Dental check-up')).getByRole('button', { name: 'Cancel' }));
    const ask = screen.getByRole('alertdialog', { name: 'Cancel appointment?' });
    fireEvent.change(within(ask).getByLabelText('Reason (optional)'), { target: { value: '  Feeling better ' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel Appointment' }));
    await waitFor(() =>
      expect(mockApi.requestsTo('PATCH', `/appointments/${open._id}/status`).map((r) => r.body)).toEqual([{ status: 'cancelled', reason: 'Feeling better' }]),
    );
  });

  it('swipe right on a past one does nothing', async () => {
    renderPage();
    swipe(await card('Eye test'), 80);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('details of a past appointment: Reschedule and Cancel are disabled with both spec messages', async () => {
    renderPage();
    fireEvent.click(within(await card('Eye test')).getByRole('button', { name: 'Details' }));
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByRole('button', { name: 'Reschedule' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel Appointment' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('Cannot reschedule past appointments')).toBeTruthy();
    expect(within(dialog).getByText('Cannot cancel past appointments')).toBeTruthy();
  });

  it('reschedule modal: both required', async () => {
    renderPage();
    const c = await card('Dental check-up');
    fireEvent.click(within(c).getByRole('button', { name: 'Reschedule' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(screen.getByText('Please select both date and time')).toBeTruthy();
  });

  it('load failure offers Retry', async () => {
    renderPage(true);
    expect(await screen.findByText(/Failed to load appointments. Please try again./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
