import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anAppointment } from '@slotwise/shared-testing';
import { AppointmentCard } from './AppointmentCard';
import { AppointmentDetailsModal } from './AppointmentDetailsModal';

// Fixed clock: 21 Nov 2026 10:15 IST.
const NOW = new Date('2026-11-21T04:45:00Z');

const base = anAppointment({
  _id: 'a1',
  customerAddress: 'Pune',
  date: '2026-11-22',
  time: '14:30',
  status: 'confirmed',
  notes: 'First visit',
});

describe('AppointmentCard', () => {
  it('shows service, customer, status, date and 12-hour time', () => {
    render(<AppointmentCard appointment={base} now={NOW} />);
    expect(screen.getByText('Dental check-up')).toBeTruthy();
    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(screen.getByTestId('status-badge').textContent).toContain('Confirmed');
    expect(screen.getByTestId('appointment-time').textContent).toContain('2:30 PM');
    expect(screen.queryByText('Leave a Review')).toBeNull();
  });

  it('falls back to the email without a customer name', () => {
    render(<AppointmentCard appointment={{ ...base, customerName: '' }} now={NOW} />);
    expect(screen.getByText('asha@example.com')).toBeTruthy();
  });

  it('a past confirmed appointment shows as completed with Leave a Review', async () => {
    const onLeaveReview = vi.fn();
    const past = { ...base, date: '2026-11-20', startsAt: '2026-11-20T09:00:00Z' };
    render(<AppointmentCard appointment={past} now={NOW} onLeaveReview={onLeaveReview} />);
    expect(screen.getByTestId('status-badge').textContent).toContain('Completed');
    await userEvent.click(screen.getByRole('button', { name: 'Leave a Review' }));
    expect(onLeaveReview).toHaveBeenCalled();
  });

  it('a reviewed one shows Reviewed', () => {
    render(<AppointmentCard appointment={{ ...base, status: 'completed', hasReviewed: true }} now={NOW} onLeaveReview={() => undefined} />);
    expect(screen.getByText('Reviewed')).toBeTruthy();
    expect(screen.queryByText('Leave a Review')).toBeNull();
  });

  it('the details modal applies the same display rule', () => {
    const past = { ...base, status: 'scheduled' as const, startsAt: '2026-11-21T03:30:00Z', date: '2026-11-21', time: '9:00 AM' };
    render(<AppointmentDetailsModal appointment={past} now={NOW} onClose={() => undefined} />);
    expect(screen.getByTestId('detail-status').textContent).toContain('Completed');
    expect(screen.getByTestId('detail-notes').textContent).toContain('First visit');
    expect(screen.getByTestId('detail-time').textContent).toContain('9:00 AM');
  });
});

describe('the member of an appointment', () => {
  const withMeera = { ...base, staffId: 'm1', staffName: 'Meera Iyer' };

  it('says "with <member>" where the screen shows members, and nothing for a business of one', () => {
    const { unmount } = render(<AppointmentCard appointment={withMeera} now={NOW} showStaff />);
    expect(screen.getByTestId('appointment-staff').textContent).toBe(' · with Meera Iyer');
    unmount();
    render(<AppointmentCard appointment={withMeera} now={NOW} />);
    expect(screen.queryByTestId('appointment-staff')).toBeNull();
  });

  it('the details name the member only when asked', () => {
    const { unmount } = render(<AppointmentDetailsModal appointment={withMeera} now={NOW} onClose={() => undefined} showStaff />);
    expect(screen.getByTestId('detail-with').textContent).toBe('Meera Iyer');
    unmount();
    render(<AppointmentDetailsModal appointment={withMeera} now={NOW} onClose={() => undefined} />);
    expect(screen.queryByTestId('detail-with')).toBeNull();
  });
});
