import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aService, aUser, availabilityDay, mockApi } from '@slotwise/shared-testing';
import { BookingPage } from './BookingPage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const future = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const day = (nine: boolean, ten: boolean) => [availabilityDay('2030-01-02', ['09:00', nine, future(24)], ['10:00', ten, future(25)])];

function renderBooking(staff = [{ _id: 'owner', name: 'Smile Clinic' }, { _id: 'm1', name: 'Meera Iyer' }]) {
  mockApi.signIn(aUser());
  mockApi.services = [aService({ _id: 's1', name: 'Dental check-up', staff })];
  // Anyone: both slots free; Meera alone: only 10:00.
  mockApi.availability.set('s1', day(true, true));
  mockApi.availability.set('s1', day(false, true), 'm1');
  renderWithProviders(
    <Routes>
      <Route path="/book" element={<BookingPage />} />
    </Routes>,
    { entries: ['/book?serviceId=s1'] },
  );
}

const availabilityQueries = () => mockApi.requestsTo('GET', '/services/s1/availability').map((r) => new URLSearchParams(r.path.split('?')[1] ?? ''));
const posts = () => mockApi.requestsTo('POST', '/appointments');

async function confirm() {
  await waitFor(() => expect((screen.getByLabelText('Address') as HTMLInputElement).value).not.toBe(''));
  fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
  return screen.findByRole('heading', { name: 'Thank you for your booking!' });
}

describe('choosing a team member when booking', () => {
  it('"Anyone available" is the default and sends no member; the summary says so', async () => {
    renderBooking();
    const choice = (await screen.findByLabelText('Team member')) as HTMLSelectElement;
    expect([...choice.options].map((o) => o.text)).toEqual(['Anyone available', 'Smile Clinic', 'Meera Iyer']);
    expect(choice.value).toBe('');
    fireEvent.click(await screen.findByRole('button', { name: '9:00 AM' }));
    expect(within(screen.getByTestId('booking-summary')).getByTestId('summary-staff').textContent).toBe('Anyone available');
    expect(availabilityQueries().every((q) => !q.has('staffId'))).toBe(true);
    await confirm();
    expect(posts()[0].body).not.toHaveProperty('staffId');
    // The server assigned the first performer: the thank-you names them.
    expect(screen.getByRole('status').textContent).toContain('with Smile Clinic');
  });

  it('a named member shows their own free times and is sent with the booking', async () => {
    renderBooking();
    await screen.findByRole('button', { name: '9:00 AM' });
    fireEvent.change(screen.getByLabelText('Team member'), { target: { value: 'm1' } });
    await waitFor(() => expect(availabilityQueries().at(-1)?.get('staffId')).toBe('m1'));
    await waitFor(() => expect((screen.getByRole('button', { name: '9:00 AM' }) as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '10:00 AM' }));
    expect(within(screen.getByTestId('booking-summary')).getByTestId('summary-staff').textContent).toBe('Meera Iyer');
    await confirm();
    expect(posts()[0].body).toMatchObject({ serviceId: 's1', staffId: 'm1', time: '10:00' });
    expect(screen.getByTestId('summary-staff').textContent).toBe('Meera Iyer');
  });

  it('a service one member performs looks as before: no choice, no "With" row', async () => {
    renderBooking([{ _id: 'owner', name: 'Smile Clinic' }]);
    fireEvent.click(await screen.findByRole('button', { name: '9:00 AM' }));
    expect(screen.queryByLabelText('Team member')).toBeNull();
    expect(screen.queryByTestId('summary-staff')).toBeNull();
    await confirm();
    expect(screen.getByRole('status').textContent).not.toContain('with');
  });
});
