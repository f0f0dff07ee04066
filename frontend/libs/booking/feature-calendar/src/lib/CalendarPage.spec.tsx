import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { anAppointmentIn, apiError, aProvider, http, mockApi, server } from '@slotwise/shared-testing';
import type { Appointment } from '@slotwise/shared-contract';
import { CalendarPage } from './CalendarPage';

// FullCalendar is not needed here: one button per event stands in for it.
vi.mock('./CalendarView', () => ({
  CalendarView: ({ appointments, onOpen }: { appointments: Appointment[]; onOpen: (a: Appointment) => void }) => (
    <div data-testid="calendar">
      {appointments.map((a) => (
        <button key={a._id} type="button" onClick={() => onOpen(a)}>
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
  it('a refused status change shows the spec message, not the server text', async () => {
    mockApi.signIn(aProvider());
    mockApi.appointments = [anAppointmentIn(48, { serviceName: 'Dental check-up', status: 'pending' })];
    server.use(http.patch('*/appointments/:id/provider-status', () => apiError(409, 'Appointment is cancelled')));
    renderWithProviders(<CalendarPage />);
    expect(await screen.findByRole('heading', { name: 'Provider Calendar' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Dental check-up' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(vi.mocked(toast.error).mock.calls[0][0]).toBe('Error updating appointment status. Please try again.');
  });
});
