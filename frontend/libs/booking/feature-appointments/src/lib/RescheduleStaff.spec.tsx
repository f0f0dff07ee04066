import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { anAppointmentIn, apiError, aService, aUser, availabilityDay, http, mockApi, server } from '@slotwise/shared-testing';
import { memberNotFree } from './reschedule-rules';
import { ReschedulePage } from './ReschedulePage';
import { ApiError } from '@slotwise/shared-data-access';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const staff = [
  { _id: 'owner', name: 'Smile Clinic' },
  { _id: 'm1', name: 'Meera Iyer' },
];
const BUSY = 'Meera Iyer is not free at that time: choose another time or anyone available';

function renderReschedule() {
  const a = anAppointmentIn(24, { _id: 'a1', serviceId: 's1', status: 'scheduled', staffId: 'm1', staffName: 'Meera Iyer' });
  const later = new Date(Date.parse(a.startsAt) + 48 * 3600_000);
  const date = new Date(later.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  mockApi.signIn(aUser());
  mockApi.services = [aService({ _id: 's1', staff })];
  mockApi.appointments = [a];
  mockApi.availability.set('s1', [availabilityDay(date, ['11:00', true, later.toISOString()])]);
  renderWithProviders(
    <Routes>
      <Route path="/reschedule" element={<ReschedulePage />} />
    </Routes>,
    { entries: ['/reschedule?id=a1'] },
  );
}

/** Picks the one free day, then its 11:00 slot. */
async function pickSlot() {
  const group = await screen.findByRole('group', { name: 'Dates' });
  const dayButton = await waitFor(() => {
    const b = group.querySelector('button[data-date]');
    if (!b) throw new Error('no day yet');
    return b;
  });
  fireEvent.click(dayButton);
  fireEvent.click(await screen.findByRole('button', { name: '11:00 AM' }));
}

const puts = () => mockApi.requestsTo('PUT', '/appointments/a1/reschedule');

describe('rescheduling with a team', () => {
  it('keeps the member unless one is chosen; when they are not free, offers "Anyone available" and resends with staffId any', async () => {
    // The member is not free unless the request lets the server pick anyone (then the mock API answers).
    const sent: Array<string | undefined> = [];
    server.use(
      http.put('*/appointments/:id/reschedule', async ({ request }) => {
        const body = (await request.clone().json()) as { staffId?: string };
        sent.push(body.staffId);
        return body.staffId === 'any' ? undefined : apiError(409, BUSY);
      }),
    );
    renderReschedule();
    expect(((await screen.findByLabelText('With')) as HTMLSelectElement).value).toBe('');
    await pickSlot();
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    const offer = await screen.findByRole('alertdialog', { name: 'Not free at that time' });
    expect(within(offer).getByText(BUSY)).toBeTruthy();
    expect(sent).toEqual([undefined]);
    fireEvent.click(within(offer).getByRole('button', { name: 'Anyone available' }));
    expect(await screen.findByText(/Your appointment is now on/)).toBeTruthy();
    // The first request named no member (keep Meera if free); the second asked for anyone.
    expect(sent).toEqual([undefined, 'any']);
  });

  it('"Choose another time" closes the offer and sends nothing more', async () => {
    let calls = 0;
    server.use(
      http.put('*/appointments/:id/reschedule', () => {
        calls += 1;
        return apiError(409, BUSY);
      }),
    );
    renderReschedule();
    await pickSlot();
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Choose another time' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toBe(1);
    expect(screen.queryByText(/Your appointment is now on/)).toBeNull();
  });

  it('a chosen member is asked for by id, and their free times are read', async () => {
    renderReschedule();
    fireEvent.change(await screen.findByLabelText('With'), { target: { value: 'owner' } });
    await waitFor(() => expect(mockApi.requestsTo('GET', '/services/s1/availability').some((r) => r.path.includes('staffId=owner'))).toBe(true));
    await pickSlot();
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(/with Smile Clinic/)).toBeTruthy();
    expect((puts()[0].body as { staffId?: string }).staffId).toBe('owner');
  });
});

it('only the "not free" 409 offers anyone; a taken slot does not', () => {
  expect(memberNotFree(new ApiError(409, BUSY))).toBe(BUSY);
  expect(memberNotFree(new ApiError(409, 'This time slot is already booked'))).toBeNull();
  expect(memberNotFree(new ApiError(400, BUSY))).toBeNull();
});
