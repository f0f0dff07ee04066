import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aNotification, aProvider, mockApi } from '@slotwise/shared-testing';
import { NOTIFICATIONS_REFRESH_MS, useNotificationCenter } from './notifications';

function Probe() {
  const c = useNotificationCenter();
  return (
    <div>
      <p data-testid="unread">{c.loading ? 'loading' : c.unreadCount}</p>
      <ul>
        {c.notifications.map((n) => (
          <li key={n._id}>
            {n.text}
            <button type="button" onClick={() => c.markRead(n._id)}>
              read {n._id}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={c.markAllRead}>
        all
      </button>
    </div>
  );
}

describe('useNotificationCenter', () => {
  it('lists the newest notifications with the unread count, and marks one and all read', async () => {
    mockApi.signIn(aProvider());
    const [a, b] = [aNotification({ _id: 'n1', text: 'First' }), aNotification({ _id: 'n2', text: 'Second' })];
    mockApi.notifications = [a, b];
    renderWithProviders(<Probe />);
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('2'));
    expect(mockApi.requestsTo('GET', '/notifications')[0].path).toBe('/notifications?limit=20');

    fireEvent.click(screen.getByRole('button', { name: 'read n1' }));
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('1'));
    expect(mockApi.requestsTo('PATCH', '/notifications/n1/read')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'all' }));
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('0'));
    expect(mockApi.requestsTo('POST', '/notifications/read-all')).toHaveLength(1);
  });

  it('asks nothing while signed out', async () => {
    renderWithProviders(<Probe />);
    await new Promise((r) => setTimeout(r, 50));
    expect(mockApi.requestsTo('GET', '/notifications')).toHaveLength(0);
  });

  it('asks again every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockApi.signIn(aProvider());
      renderWithProviders(<Probe />);
      await waitFor(() => expect(mockApi.requestsTo('GET', '/notifications')).toHaveLength(1));
      mockApi.notifications = [aNotification({ text: 'Arrived later' })];
      await vi.advanceTimersByTimeAsync(NOTIFICATIONS_REFRESH_MS);
      await waitFor(() => expect(screen.getByText('Arrived later')).toBeTruthy());
      expect(mockApi.requestsTo('GET', '/notifications')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
