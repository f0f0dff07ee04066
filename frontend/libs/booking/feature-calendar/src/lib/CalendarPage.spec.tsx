import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { anAppointmentIn, apiError, aProvider, aService, aUser, http, HttpResponse, mockApi, server } from '@slotwise/shared-testing';
import type { Appointment } from '@slotwise/shared-contract';
import { CalendarPage } from './CalendarPage';
import { calendarEnd } from './calendar-events';

const CLOSED = 'You are closed on Thursday, 3 December (Staff training): reopen the day to confirm this appointment, or decline it';

// FullCalendar is not needed here: one button per event stands in for it, saying where it ends.
vi.mock('./CalendarView', () => ({
  CalendarView: ({ appointments, durations, onOpen }: { appointments: Appointment[]; durations?: ReadonlyMap<string, number>; onOpen: (a: Appointment) => void }) => (
    <div data-testid="calendar">
      {appointments.map((a) => (
        <button key={a._id} type="button" onClick={() => onOpen(a)} data-end={calendarEnd(a, durations?.get(a.serviceId)) ?? ''}>
          {a.serviceName}
        </button>
      ))}
    </div>
  ),
}));

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
});

describe('CalendarPage', () => {
  it('draws each appointment as long as its service lasts', async () => {
    mockApi.signIn(aUser());
    mockApi.services = [aService({ _id: 's15', name: 'Quick trim', duration: 15 })];
    mockApi.appointments = [anAppointmentIn(48, { serviceId: 's15', serviceName: 'Quick trim', date: '2030-01-02', time: '5:00 AM', status: 'scheduled' })];
    renderWithProviders(<CalendarPage />);
    const event = await screen.findByRole('button', { name: 'Quick trim' });
    await waitFor(() => expect(event.getAttribute('data-end')).toBe('2030-01-02T05:15:00'));
  });

  it.each([
    ["a refused status change shows the server's reason", () => apiError(409, CLOSED), CLOSED],
    ['a status change that got no answer shows the spec message', () => HttpResponse.error(), 'Error updating appointment status. Please try again.'],
  ])('%s', async (_, answer, shown) => {
    mockApi.signIn(aProvider());
    mockApi.appointments = [anAppointmentIn(48, { serviceName: 'Dental check-up', status: 'pending' })];
    server.use(http.patch('*/appointments/:id/provider-status', answer));
    renderWithProviders(<CalendarPage />);
    expect(await screen.findByRole('heading', { name: 'Provider Calendar' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Dental check-up' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(vi.mocked(toast.error).mock.calls[0][0]).toBe(shown);
  });

  it("the event's dialog offers the provider the same steps as every screen: Accept a request the customer moved; Mark Completed or No-show once started", async () => {
    mockApi.signIn(aProvider());
    const moved = anAppointmentIn(48, { serviceName: 'Moved facial', status: 'scheduled', awaitingProvider: true });
    const started = anAppointmentIn(-1, { serviceName: 'Started cut', status: 'scheduled' });
    mockApi.appointments = [moved, started];
    renderWithProviders(<CalendarPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Moved facial' }));
    let dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Awaiting your answer')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(mockApi.requestsTo('PATCH', `/appointments/${moved._id}/provider-status`).map((r) => r.body)).toEqual([{ status: 'scheduled' }]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Started cut' }));
    dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('detail-status').textContent).toBe('Scheduled');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark No-show' }));
    await waitFor(() => expect(mockApi.requestsTo('PATCH', `/appointments/${started._id}/provider-status`).map((r) => r.body)).toEqual([{ status: 'no-show' }]));
  });
});
