import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { jsonResponse, renderWithProviders } from '@slotwise/shared-data-access/testing';
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

const provider = { _id: 'p1', fullName: 'Dr Mehta', email: 'mehta@example.com', phoneNumber: '9876543210', address: 'Pune', dateOfBirth: '', gender: 'male', role: 'provider', createdAt: '', updatedAt: '' };
const start = new Date(Date.now() + 48 * 3600_000);
const pending = {
  _id: 'a1', serviceId: 's1', serviceName: 'Dental check-up', serviceCategory: 'Healthcare & Wellness', customerName: 'Asha Rao', customerEmail: 'asha@example.com',
  customerPhone: '9876543210', customerAddress: 'Pune', date: start.toISOString().slice(0, 10), time: '10:00', startsAt: start.toISOString(), status: 'pending',
  provider: 'Smile Clinic', location: 'MG Road', notes: '', hasReviewed: false,
};
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('CalendarPage', () => {
  it('a refused status change shows the spec message, not the server text', async () => {
    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
      if (url.endsWith('/auth/profile')) return jsonResponse(200, { success: true, user: provider });
      if (url.endsWith('/appointments/provider')) return jsonResponse(200, { success: true, appointments: [pending] });
      if (url.endsWith('/provider-status') && init?.method === 'PATCH') return jsonResponse(409, { success: false, error: 'Appointment is cancelled' });
      return jsonResponse(404, {});
    }));
    localStorage.setItem('token', 't');
    renderWithProviders(<CalendarPage />);
    expect(await screen.findByRole('heading', { name: 'Provider Calendar' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Dental check-up' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(vi.mocked(toast.error).mock.calls[0][0]).toBe('Error updating appointment status. Please try again.');
  });
});
