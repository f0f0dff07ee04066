import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { anAppointmentIn, anOwner, aProvider, aStaffMember, mockApi } from '@slotwise/shared-testing';
import { ProviderDashboardPage } from './ProviderDashboardPage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const owner = anOwner({ _id: 'owner', name: 'Smile Clinic', serviceIds: ['s1'] });
const meera = aStaffMember({ _id: 'm1', name: 'Meera Iyer', serviceIds: ['s1'] });

function seed(team = [owner, meera]) {
  mockApi.signIn(aProvider());
  mockApi.staff = team;
  mockApi.appointments = [
    anAppointmentIn(48, { serviceId: 's1', serviceName: 'Dental check-up', customerName: 'Asha', status: 'pending', staffId: 'owner', staffName: 'Smile Clinic' }),
    anAppointmentIn(72, { serviceId: 's1', serviceName: 'Dental check-up', customerName: 'Kiran', status: 'confirmed', staffId: 'm1', staffName: 'Meera Iyer' }),
  ];
  renderWithProviders(<ProviderDashboardPage />, { entries: ['/my-services'] });
}

const query = (path: string) => mockApi.requests.filter((r) => r.method === 'GET' && r.path.split('?')[0] === path).map((r) => new URLSearchParams(r.path.split('?')[1] ?? ''));

describe('the dashboard with a team', () => {
  it('the member filter narrows the bookings and the analytics to one member', async () => {
    seed();
    const filter = await screen.findByLabelText('Team member');
    expect([...(filter as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Everyone', 'Smile Clinic', 'Meera Iyer']);
    await waitFor(() => expect(screen.getAllByTestId('booking-row')).toHaveLength(2));
    expect(screen.getAllByTestId('booking-staff').map((e) => e.textContent)).toEqual([' · with Smile Clinic', ' · with Meera Iyer']);
    expect(query('/appointments/provider').every((q) => !q.has('staffId'))).toBe(true);

    fireEvent.change(filter, { target: { value: 'm1' } });
    await waitFor(() => expect(screen.getAllByTestId('booking-row')).toHaveLength(1));
    expect(within(screen.getByTestId('booking-row')).getByText(/Kiran/)).toBeTruthy();
    expect(query('/appointments/provider').at(-1)?.get('staffId')).toBe('m1');
    await waitFor(() => expect(query('/providers/me/analytics').at(-1)?.get('staffId')).toBe('m1'));
    expect(query('/providers/me/analytics').at(-1)?.get('days')).toBe('30');
  });

  it('a business of one has no filter and no "with" line, as before', async () => {
    seed([owner]);
    await waitFor(() => expect(screen.getAllByTestId('booking-row')).toHaveLength(2));
    await waitFor(() => expect(mockApi.requestsTo('GET', '/providers/me/staff')).toHaveLength(1));
    expect(screen.queryByLabelText('Team member')).toBeNull();
    expect(screen.queryByTestId('booking-staff')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reassign' })).toBeNull();
    expect(screen.getByTestId('team-card').textContent).toContain('Just you so far');
  });

  it('Reassign lists the other members who perform the service and sends the choice', async () => {
    seed();
    await waitFor(() => expect(screen.getAllByTestId('booking-row')).toHaveLength(2));
    const row = screen.getAllByTestId('booking-row')[0];
    fireEvent.click(await within(row).findByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign booking' });
    const options = within(dialog).getAllByRole('radio');
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual(['Meera Iyer']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [put] = mockApi.requests.filter((r) => r.method === 'PUT' && /\/appointments\/.+\/staff$/.test(r.path));
    expect(put.body).toEqual({ staffId: 'm1' });
    await waitFor(() => expect(screen.getAllByTestId('booking-staff').map((e) => e.textContent)).toEqual([' · with Meera Iyer', ' · with Meera Iyer']));
  });
});
