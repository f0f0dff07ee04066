import { render, screen, within } from '@testing-library/react';
import { aService } from '@slotwise/shared-testing';
import { BookingSummary } from './BookingSummary';

const service = aService({ name: 'Quick trim', price: 1499, duration: 15, provider: 'Smile Clinic', location: 'MG Road, Pune', minNoticeMinutes: 120 });

describe('BookingSummary', () => {
  it('shows the service, when with its zone, how long, the price in rupees, the business, its address and the policy', () => {
    render(<BookingSummary service={service} date="2026-11-24" time="05:30" timeZone="Asia/Kolkata" />);
    const s = screen.getByTestId('booking-summary');
    expect(within(s).getByRole('heading', { name: 'Booking summary' })).toBeTruthy();
    expect(screen.getByTestId('summary-service').textContent).toBe('Quick trim');
    expect(screen.getByTestId('summary-when').textContent).toBe('Tue, 24 Nov 2026 · 5:30 AM IST');
    expect(screen.getByTestId('summary-duration').textContent).toBe('15 min (until 5:45 AM IST)');
    expect(screen.getByTestId('summary-price').textContent).toBe('₹1,499');
    expect(screen.getByTestId('summary-business').textContent).toBe('Smile Clinic');
    expect(screen.getByTestId('summary-address').textContent).toBe('MG Road, Pune');
    const policy = within(screen.getByTestId('summary-policy')).getAllByRole('listitem').map((li) => li.textContent);
    expect(policy[0]).toMatch(/^Cancel any time before the appointment starts/);
    expect(policy).toContain('Smile Clinic takes bookings and new times at least 2 hours ahead.');
  });

  it('asks for a time while none is picked', () => {
    render(<BookingSummary service={service} date="2026-11-24" time="" />);
    expect(screen.getByTestId('summary-when').textContent).toBe('Choose a date and time');
    expect(screen.getByTestId('summary-duration').textContent).toBe('15 min');
  });
});
