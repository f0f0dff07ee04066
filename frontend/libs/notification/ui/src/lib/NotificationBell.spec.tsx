import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { aNotification } from '@slotwise/shared-testing';
import { NotificationBell } from './NotificationBell';
import { notificationLink, type NotificationCenterView } from './NotificationList';

function center(over: Partial<NotificationCenterView> = {}): NotificationCenterView {
  return { notifications: [], unreadCount: 0, loading: false, failed: false, markRead: vi.fn(), markAllRead: vi.fn(), ...over };
}

const renderBell = (c: NotificationCenterView) =>
  render(
    <MemoryRouter>
      <NotificationBell center={c} />
    </MemoryRouter>,
  );

describe('NotificationBell', () => {
  it('shows the unread count, opens the list, marks one or all read and links to the appointment', async () => {
    const booking = aNotification({ _id: 'n1', type: 'new_booking', text: 'New booking request from Asha', appointmentId: 'a1' });
    const done = aNotification({ _id: 'n2', type: 'appointment_completed', text: 'Completed', unread: false, appointmentId: 'a2' });
    const c = center({ notifications: [booking, done], unreadCount: 1 });
    renderBell(c);
    const bell = screen.getByRole('button', { name: 'Notifications (1 unread)' });
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: /New booking request from Asha/ }).getAttribute('href')).toBe('/my-services?appointment=a1');
    expect(within(panel).getByRole('link', { name: /Completed/ }).getAttribute('href')).toBe('/my-appointments?appointment=a2');

    fireEvent.click(within(panel).getByRole('button', { name: 'Mark read: New booking request from Asha' }));
    expect(c.markRead).toHaveBeenCalledWith('n1');
    expect(within(panel).queryByRole('button', { name: 'Mark read: Completed' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(c.markAllRead).toHaveBeenCalled();

    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    // Radix gives focus back to the bell once the panel has gone.
    await waitFor(() => expect(document.activeElement).toBe(bell));
  });

  it('has no badge and a disabled "Mark all as read" when everything is read', () => {
    renderBell(center({ notifications: [aNotification({ unread: false })] }));
    expect(screen.queryByTestId('notification-count')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (0 unread)' }));
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when there is nothing or the list failed', () => {
    const { unmount } = renderBell(center());
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(screen.getByText('No notifications yet.')).toBeTruthy();
    unmount();
    renderBell(center({ failed: true }));
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(screen.getByRole('alert').textContent).toBe('Could not load notifications.');
  });
});

describe('notificationLink', () => {
  it('sends providers to their dashboard and customers to their appointments', () => {
    expect(notificationLink({ type: 'customer_cancelled', appointmentId: 'x y' })).toBe('/my-services?appointment=x%20y');
    expect(notificationLink({ type: 'reminder_1h', appointmentId: '' })).toBe('/my-appointments');
    // A removed member's booking handed back to the owner is the provider's to reassign.
    expect(notificationLink({ type: 'member_left', appointmentId: 'a1' })).toBe('/my-services?appointment=a1');
  });
});
