import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { anAppointmentIn, aProvider, mockApi } from '@slotwise/shared-testing';
import { ProviderDashboardPage } from './ProviderDashboardPage';

describe('ProviderDashboardPage', () => {
  it("a notification's link (?appointment=<id>) opens the booking's tab and marks its row", async () => {
    const upcoming = anAppointmentIn(48, { serviceName: 'Dental check-up', status: 'pending' });
    const done = anAppointmentIn(-72, { serviceName: 'Haircut', status: 'completed' });
    mockApi.signIn(aProvider());
    mockApi.appointments = [upcoming, done];
    renderWithProviders(<ProviderDashboardPage />, { entries: [`/my-services?appointment=${done._id}`] });

    await waitFor(() => expect(screen.getByRole('tab', { name: /Past/ }).getAttribute('aria-selected')).toBe('true'));
    const list = await screen.findByTestId('booking-list');
    const marked = within(list).getAllByTestId('booking-row').filter((r) => r.getAttribute('aria-current') === 'true');
    expect(marked).toHaveLength(1);
    expect(within(marked[0]).getByText('Haircut')).toBeTruthy();
  });

  it('the Next 7 Days strip marks a day off, with its note and the bookings still on it', async () => {
    const soon = anAppointmentIn(48, { serviceName: 'Dental check-up', status: 'confirmed' });
    mockApi.signIn(aProvider());
    mockApi.appointments = [soon];
    mockApi.schedule = { queueOpen: true, closures: [{ _id: 'c1', from: soon.date, to: soon.date, note: 'Staff training' }] };
    renderWithProviders(<ProviderDashboardPage />, { entries: ['/my-services'] });

    const strip = await screen.findByRole('list', { name: '7-day calendar' });
    const day = await within(strip).findByLabelText(`${soon.date}: closed (Staff training), 1 booked`);
    expect(day.getAttribute('data-closed')).toBe('true');
    expect(within(strip).getAllByRole('listitem').filter((d) => d.getAttribute('data-closed'))).toHaveLength(1);
  });
});
