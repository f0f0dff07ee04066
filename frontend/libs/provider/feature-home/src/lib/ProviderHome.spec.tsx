import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { useNotificationCenter, useRefreshOnNotification } from '@slotwise/notification-data-access';
import { aNotification, anAppointmentIn, aProvider, aReview, mockApi } from '@slotwise/shared-testing';
import { ProviderHome } from './ProviderHome';

const requests = () => screen.findByRole('list', { name: 'Pending requests' });

describe('ProviderHome', () => {
  it("'What Customers Say' shows the business's three latest reviews, nothing invented", async () => {
    mockApi.signIn(aProvider());
    mockApi.reviews = [
      aReview({ comment: 'Newest: gentle and quick', userId: { _id: 'u1', email: '', displayName: 'Asha R.' }, serviceName: 'Trim' }),
      aReview({ comment: 'Second', rating: 4 }),
      aReview({ comment: 'Third', rating: 3 }),
      aReview({ comment: 'Fourth is not shown' }),
    ];
    renderWithProviders(<ProviderHome />);
    const section = await screen.findByTestId('latest-reviews');
    await within(section).findByText('“Newest: gentle and quick”');
    expect(within(section).getAllByRole('figure')).toHaveLength(3);
    expect(within(section).queryByText(/Fourth/)).toBeNull();
    expect(within(section).getByText('Asha R.')).toBeTruthy();
    expect(within(section).getByLabelText('Rated 4.0 out of 5')).toBeTruthy();
    expect(section.textContent).not.toMatch(/Meera J\.|Karan P\.|Sneha R\./);
  });

  it('with no reviews yet it says so', async () => {
    mockApi.signIn(aProvider());
    mockApi.reviews = [];
    renderWithProviders(<ProviderHome />);
    const section = await screen.findByTestId('latest-reviews');
    expect((await within(section).findByText(/No reviews yet/)).textContent).toContain('the latest appear here');
    expect(within(section).queryAllByRole('figure')).toHaveLength(0);
  });

  it('a request the customer moved before the answer is still a request, and Accept settles it', async () => {
    const moved = anAppointmentIn(48, { serviceName: 'Moved facial', status: 'scheduled', awaitingProvider: true });
    const accepted = anAppointmentIn(50, { serviceName: 'Accepted trim', status: 'scheduled' });
    mockApi.signIn(aProvider());
    mockApi.appointments = [moved, accepted];
    renderWithProviders(<ProviderHome />);

    const item = within(await requests()).getByText('Moved facial').closest('li') as HTMLElement;
    expect(within(item).getByText('New time asked by the customer')).toBeTruthy();
    expect(within(await requests()).queryByText('Accepted trim')).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByText('No pending requests.')).toBeTruthy());
    expect(mockApi.requestsTo('PATCH', `/appointments/${moved._id}/provider-status`).map((r) => r.body)).toEqual([{ status: 'scheduled' }]);
  });

  it('Decline asks for an optional reason and sends it', async () => {
    const req = anAppointmentIn(24, { serviceName: 'Dental check-up', status: 'pending' });
    mockApi.signIn(aProvider());
    mockApi.appointments = [req];
    renderWithProviders(<ProviderHome />);
    fireEvent.click(within(await requests()).getByRole('button', { name: 'Decline' }));
    const ask = screen.getByRole('alertdialog', { name: 'Decline this request?' });
    const reason = within(ask).getByLabelText('Reason (optional)') as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(300);
    fireEvent.change(reason, { target: { value: 'Closed for Diwali' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(mockApi.requestsTo('PATCH', `/appointments/${req._id}/provider-status`).map((r) => r.body)).toEqual([
        { status: 'cancelled', reason: 'Closed for Diwali' },
      ]),
    );
  });

  it('an accepted appointment that has started is to complete: Mark Completed or Mark No-show', async () => {
    const started = anAppointmentIn(-1, { serviceName: 'Started massage', status: 'scheduled' });
    const confirmed = anAppointmentIn(-2, { serviceName: 'Started cut', status: 'confirmed' });
    const later = anAppointmentIn(3, { serviceName: 'Later cut', status: 'scheduled' });
    mockApi.signIn(aProvider());
    mockApi.appointments = [started, confirmed, later];
    renderWithProviders(<ProviderHome />);
    const list = await screen.findByRole('list', { name: 'Appointments to complete' });
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Started cut', 'Started massage']);
    const massage = within(list).getByText('Started massage').closest('li') as HTMLElement;
    expect(within(massage).getByRole('button', { name: 'Mark No-show' })).toBeTruthy();
    fireEvent.click(within(massage).getByRole('button', { name: 'Mark Completed' }));
    await waitFor(() =>
      expect(mockApi.requestsTo('PATCH', `/appointments/${started._id}/provider-status`).map((r) => r.body)).toEqual([{ status: 'completed' }]),
    );
    await waitFor(() => expect(within(list).queryByText('Started massage')).toBeNull());
  });

  it('shows a new request without a reload when the bell learns of it', async () => {
    mockApi.signIn(aProvider());
    mockApi.appointments = [];
    mockApi.notifications = [aNotification({ _id: 'n1', text: 'Old news' })];
    // The navbar's part: the bell's poll drives the refresh.
    function Bell() {
      useRefreshOnNotification(useNotificationCenter());
      return null;
    }
    const { queryClient } = renderWithProviders(
      <>
        <Bell />
        <ProviderHome />
      </>,
    );
    expect(await screen.findByText('No pending requests.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Old news').length).toBeGreaterThan(0));
    // A request arrives; the bell's next poll sees its notification.
    mockApi.appointments = [anAppointmentIn(24, { serviceName: 'Fresh request', status: 'pending' })];
    mockApi.notifications = [aNotification({ _id: 'n2', text: 'New booking request' }), ...mockApi.notifications];
    await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    expect(await within(await requests()).findByText('Fresh request')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pending Requests (1)' })).toBeTruthy();
  });
});
