import { fireEvent, screen, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '@slotwise/shared-data-access/testing';
import { MyAppointmentsPage } from './MyAppointmentsPage';

const user = { _id: 'u1', fullName: 'Asha Rao', email: 'asha@example.com', phoneNumber: '9876543210', address: 'Pune', dateOfBirth: '', gender: 'female', role: 'customer', createdAt: '', updatedAt: '' };
const at = (h: number) => new Date(Date.now() + h * 3600_000);
const appt = (id: string, name: string, h: number, status: string) => {
  const d = at(h);
  return {
    _id: id, serviceId: 's1', serviceName: name, serviceCategory: 'Healthcare & Wellness', customerName: 'Asha Rao', customerEmail: 'asha@example.com',
    customerPhone: '9876543210', customerAddress: 'Pune', date: d.toISOString().slice(0, 10), time: '10:00', startsAt: d.toISOString(), status,
    provider: 'Smile Clinic', location: 'MG Road', notes: '', hasReviewed: false,
  };
};
const list = [appt('a1', 'Dental check-up', 48, 'scheduled'), appt('a2', 'Eye test', -48, 'confirmed'), appt('a3', 'Haircut', 72, 'cancelled')];
function renderPage(fail = false) {
  vi.stubGlobal('fetch', vi.fn((url: string) => {
    if (url.endsWith('/auth/profile')) return jsonResponse(200, { success: true, user });
    if (url.endsWith('/appointments')) return fail ? jsonResponse(500, { success: false, error: 'boom' }) : jsonResponse(200, { success: true, appointments: list });
    if (url.includes('/availability')) return jsonResponse(200, { success: true, days: [] });
    return jsonResponse(404, {});
  }));
  localStorage.setItem('token', 't');
  renderWithProviders(<MyAppointmentsPage />);
}

const card = async (name: string) => (await screen.findByText(name)).closest('[data-testid="appointment-card"]') as HTMLElement;
const swipe = (el: HTMLElement, dx: number) => {
  fireEvent.touchStart(el, { changedTouches: [{ clientX: 200 }] });
  fireEvent.touchEnd(el, { changedTouches: [{ clientX: 200 + dx }] });
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('MyAppointmentsPage', () => {
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

  it('swipe left beyond 50 px opens details; 50 px does nothing', async () => {
    renderPage();
    const c = await card('Dental check-up');
    swipe(c, -50);
    expect(screen.queryByRole('dialog')).toBeNull();
    swipe(c, -60);
    expect(within(screen.getByRole('dialog')).getByText('Appointment Details')).toBeTruthy();
  });

  it('swipe right on an open appointment asks: OK reschedules', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage();
    swipe(await card('Dental check-up'), 80);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(within(screen.getByRole('dialog')).getByText('Reschedule Appointment')).toBeTruthy();
  });

  it('swipe right on a past one does nothing', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage();
    swipe(await card('Eye test'), 80);
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
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
    // The appointments query retries once (after ~1 s) before it reports the failure.
    expect(await screen.findByText(/Failed to load appointments. Please try again./, undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
