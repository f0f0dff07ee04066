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
});
