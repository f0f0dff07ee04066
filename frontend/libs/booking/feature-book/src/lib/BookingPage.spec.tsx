import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { toast } from 'sonner';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { apiError, aReview, aService, aUser, availabilityDay, http, mockApi, server } from '@slotwise/shared-testing';
import { BookingPage } from './BookingPage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const service = aService({ _id: 's1', name: 'Dental check-up', avgRating: 4.5, totalReviews: 2, timeSlots: ['09:00', '10:00'] });
const future = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const past = new Date(Date.now() - 3600_000).toISOString();

function days(open: boolean) {
  return Array.from({ length: 10 }, (_, i) =>
    availabilityDay(`2030-01-${String(i + 1).padStart(2, '0')}`, ['09:00', open && i > 0, i === 0 ? past : future(24 * i)], ['10:00', false, future(24 * i + 1)]),
  );
}

const posts = () => mockApi.requestsTo('POST', '/appointments');

function renderBooking(opts: { open?: boolean } = {}) {
  mockApi.signIn(aUser());
  mockApi.services = [service];
  mockApi.availability.set('s1', days(opts.open ?? true));
  mockApi.reviews = [aReview({ serviceId: 's1', comment: 'Great care', userId: { _id: 'u2', email: 'ravi@example.com', displayName: 'Ravi P.' } })];
  renderWithProviders(
    <Routes>
      <Route path="/book" element={<BookingPage />} />
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    { entries: ['/book?service=Dental%20check-up&serviceId=s1'] },
  );
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('BookingPage', () => {
  it('a slot that is past or taken by anyone is disabled; the first open day is selected', async () => {
    renderBooking();
    const nine = await screen.findByRole('button', { name: '9:00 AM' });
    expect((nine as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: '10:00 AM' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /1\s*Jan/ }));
    expect((screen.getByRole('button', { name: '9:00 AM' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('every slot gone: the warning shows and confirm is disabled', async () => {
    renderBooking({ open: false });
    expect(await screen.findByText('All available slots for the next 10 days have passed or are fully booked.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirm Booking' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('validates in order, then posts with an Idempotency-Key and shows the thank-you screen', async () => {
    renderBooking();
    await screen.findByRole('button', { name: '9:00 AM' });
    await waitFor(() => expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('9876543210'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(screen.getByText('Please select both a date and time for your appointment')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '9:00 AM' }));
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '98765' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(screen.getByText('Please enter a valid phone number (at least 10 digits)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+91 98765 43210' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(screen.getByText('Please enter your address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '12 MG Road' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your booking!' })).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0].headers.get('Idempotency-Key')).toBeTruthy();
    expect(posts()[0].body).toMatchObject({ serviceId: 's1', date: '2030-01-02', time: '09:00', customerPhone: '+91 98765 43210' });

    // The thank-you review form validates locally.
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(screen.getByText('Please select a rating')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(screen.getByText('Please enter a comment (minimum 5 characters)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to Calendar' })).toBeTruthy();
  });

  it('summarises the booking as it is chosen, and again on the thank-you screen', async () => {
    renderBooking();
    fireEvent.click(await screen.findByRole('button', { name: '9:00 AM' }));
    const summary = await screen.findByTestId('booking-summary');
    expect(within(summary).getByTestId('summary-when').textContent).toBe('Wed, 2 Jan 2030 · 9:00 AM IST');
    expect(within(summary).getByTestId('summary-price').textContent).toBe('₹499');
    expect(within(summary).getByTestId('summary-duration').textContent).toBe('30 min (until 9:30 AM IST)');
    expect(within(summary).getByTestId('summary-business').textContent).toBe('Smile Clinic');
    expect(within(summary).getByTestId('summary-address').textContent).toBe('MG Road, Pune');
    expect(within(summary).getByTestId('summary-policy').textContent).toContain('Cancel any time before the appointment starts');
    await waitFor(() => expect((screen.getByLabelText('Address') as HTMLInputElement).value).not.toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Your booking' })).toBeTruthy();
    expect(screen.getByTestId('summary-when').textContent).toBe('Wed, 2 Jan 2030 · 9:00 AM IST');
    expect(screen.getByTestId('summary-price').textContent).toBe('₹499');
  });

  it('a refused booking shows the server message', async () => {
    server.use(http.post('*/appointments', () => apiError(409, 'This time slot is already booked')));
    renderBooking();
    fireEvent.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await waitFor(() => expect((screen.getByLabelText('Address') as HTMLInputElement).value).not.toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Failed to book appointment: This time slot is already booked')).toBeTruthy();
  });

  it('without a login token at submit: the spec message, then /login; nothing is posted', async () => {
    renderBooking();
    fireEvent.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await waitFor(() => expect((screen.getByLabelText('Address') as HTMLInputElement).value).not.toBe(''));
    // Logged out elsewhere (another tab) while the form was open.
    localStorage.removeItem('token');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You must be logged in to book an appointment'));
    expect(posts()).toEqual([]);
  });

  it('a failed profile fetch says Could not fetch user profile; the form stays usable', async () => {
    server.use(http.get('*/auth/profile', () => apiError(500, 'boom')));
    renderBooking();
    // The session retries the profile twice before it gives up.
    expect(await screen.findByText('Could not fetch user profile', undefined, { timeout: 6000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeTruthy();
  }, 10_000);

  it('View/Hide Reviews shows the real reviews', async () => {
    renderBooking();
    fireEvent.click(await screen.findByRole('button', { name: 'View Reviews' }));
    expect(await screen.findByText('Great care')).toBeTruthy();
    // The reviewer by display name only: an email is never shown, even if one came.
    expect(screen.getByTestId('review').textContent).toContain('Ravi P.');
    expect(document.body.textContent).not.toContain('ravi@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Reviews' }));
    expect(screen.queryByText('Great care')).toBeNull();
  });

  it('reviews come a page at a time: "Load more reviews" reads the older ones until none are left', async () => {
    renderBooking();
    mockApi.reviews = ['First', 'Second', 'Third'].map((comment, i) => aReview({ _id: `r${i}`, serviceId: 's1', comment }));
    mockApi.reviewPageSize = 2;
    fireEvent.click(await screen.findByRole('button', { name: 'View Reviews' }));
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(screen.queryByText('Third')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more reviews' }));
    expect(await screen.findByText('Third')).toBeTruthy();
    expect(screen.getAllByTestId('review')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
  });

  it('without a service id: No service ID available for booking', () => {
    mockApi.signIn(aUser());
    renderWithProviders(<BookingPage />, { entries: ['/appointments'], queryClient: new QueryClient() });
    expect(screen.getByText('No service ID available for booking')).toBeTruthy();
  });
});
