import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aProvider, aService, aStaffMember, anOwner, apiError, fillDate, http, mockApi, server } from '@slotwise/shared-testing';
import { TeamPage } from './TeamPage';
import { TEAM_MESSAGES } from './team-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const owner = anOwner({ _id: 'owner', name: 'Smile Clinic', serviceIds: ['s1', 's2'] });
const meera = aStaffMember({ _id: 'm1', name: 'Meera Iyer', email: 'meera@example.com', serviceIds: ['s1'] });

function renderTeam() {
  mockApi.signIn(aProvider());
  mockApi.services = [aService({ _id: 's1', name: 'Dental check-up' }), aService({ _id: 's2', name: 'Whitening' })];
  // copies: the mock API changes the members it holds, and each test starts from these
  mockApi.staff = [structuredClone(owner), structuredClone(meera)];
  renderWithProviders(
    <Routes>
      <Route path="/team" element={<TeamPage />} />
    </Routes>,
    { entries: ['/team'] },
  );
}

const members = () => screen.getAllByTestId('team-member');

describe('TeamPage', () => {
  it('lists the members, owner first, with their services and hours; the owner cannot be removed', async () => {
    renderTeam();
    await waitFor(() => expect(members()).toHaveLength(2));
    const [first, second] = members();
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toContain('Smile Clinic');
    expect(within(first).getByText('Owner')).toBeTruthy();
    expect(within(first).getByTestId('member-hours').textContent).toBe('Every day, all day');
    expect(within(first).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(second).getByTestId('member-services').textContent).toBe('Dental check-up');
    expect(within(second).getByTestId('member-hours').textContent).toBe('Mon–Sat 09:00–17:00');
    expect(within(second).getByRole('button', { name: 'Remove Meera Iyer' })).toBeTruthy();
  });

  it('adding checks the form first, each message under its field, then posts the member', async () => {
    renderTeam();
    await waitFor(() => expect(members()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Add team member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add team member' });
    fireEvent.change(within(dialog).getByLabelText('Email (optional)'), { target: { value: 'ravi@' } });
    fireEvent.change(within(dialog).getByLabelText('Monday to'), { target: { value: '08:00' } });
    const add = within(dialog).getByText('Add member');
    fireEvent.click(add);
    const name = within(dialog).getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(TEAM_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(TEAM_MESSAGES.email)).toBeTruthy();
    expect(within(dialog).getByText(`Monday: ${TEAM_MESSAGES.order}`)).toBeTruthy();
    expect(within(dialog).getByLabelText('Monday from').getAttribute('aria-invalid')).toBe('true');
    expect(mockApi.requestsTo('POST', '/providers/me/staff')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Ravi Kumar' } });
    fireEvent.change(within(dialog).getByLabelText('Email (optional)'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Monday to'), { target: { value: '13:00' } });
    fireEvent.click(within(dialog).getByLabelText('Works on Saturday'));
    fireEvent.click(within(dialog).getByLabelText('Whitening'));
    fireEvent.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = mockApi.requestsTo('POST', '/providers/me/staff');
    expect(post.body).toEqual({
      name: 'Ravi Kumar',
      serviceIds: ['s2'],
      hours: [
        { weekday: 1, from: '09:00', to: '13:00' },
        ...[2, 3, 4, 5].map((weekday) => ({ weekday, from: '09:00', to: '17:00' })),
      ],
    });
    await waitFor(() => expect(members()).toHaveLength(3));
  });

  it("shows the server's refusal in the form and keeps it open", async () => {
    renderTeam();
    server.use(http.post('*/providers/me/staff', () => apiError(409, 'You already have 50 team members: remove one first')));
    await waitFor(() => expect(members()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Add team member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add team member' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Asha' } });
    fireEvent.click(within(dialog).getByLabelText('Whitening'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You already have 50 team members: remove one first');
  });

  it('edits a member with every field sent', async () => {
    renderTeam();
    await waitFor(() => expect(members()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Meera Iyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Meera Iyer' });
    expect((within(dialog).getByLabelText('Email (optional)') as HTMLInputElement).value).toBe('meera@example.com');
    expect((within(dialog).getByLabelText('Dental check-up') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Works on Sunday'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [patch] = mockApi.requestsTo('PATCH', '/providers/me/staff/m1');
    expect((patch.body as { hours: unknown[] }).hours).toContainEqual({ weekday: 0, from: '09:00', to: '17:00' });
    expect(patch.body).toMatchObject({ name: 'Meera Iyer', email: 'meera@example.com', serviceIds: ['s1'] });
  });

  it('an edit that unticks every service or turns every day off is stopped with a message, never sent', async () => {
    renderTeam();
    await waitFor(() => expect(members()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Meera Iyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Meera Iyer' });
    fireEvent.click(within(dialog).getByLabelText('Dental check-up'));
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) fireEvent.click(within(dialog).getByLabelText(`Works on ${day}`));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const services = within(dialog).getByRole('group', { name: 'Services they perform' });
    const hours = within(dialog).getByRole('group', { name: 'Working hours' });
    expect(within(services).getByText(TEAM_MESSAGES.services)).toBeTruthy();
    expect(within(hours).getByText(TEAM_MESSAGES.days)).toBeTruthy();
    expect(services.getAttribute('aria-describedby')).toBe(within(services).getByText(TEAM_MESSAGES.services).id);
    expect(mockApi.requestsTo('PATCH', '/providers/me/staff/m1')).toHaveLength(0);

    fireEvent.click(within(dialog).getByLabelText('Whitening'));
    fireEvent.click(within(dialog).getByLabelText('Works on Sunday'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [patch] = mockApi.requestsTo('PATCH', '/providers/me/staff/m1');
    expect(patch.body).toMatchObject({ serviceIds: ['s2'], hours: [{ weekday: 0, from: '09:00', to: '17:00' }] });
    await waitFor(() => expect(within(members()[1]).getByTestId('member-services').textContent).toBe('Whitening'));
  });

  it('removes a member only after the confirmation', async () => {
    renderTeam();
    await waitFor(() => expect(members()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Meera Iyer' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Remove Meera Iyer?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(mockApi.requestsTo('DELETE', '/providers/me/staff/m1')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Meera Iyer' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(members()).toHaveLength(1));
    expect(mockApi.requestsTo('DELETE', '/providers/me/staff/m1')).toHaveLength(1);
  });

  it("adds and reopens a member's days off with the provider's days-off form", async () => {
    renderTeam();
    await waitFor(() => expect(members()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Days off of Meera Iyer' }));
    const section = screen.getByRole('region', { name: 'Days off of Meera Iyer' });
    fireEvent.click(within(section).getByRole('button', { name: 'Add days off' }));
    const form = within(section).getByRole('form', { name: 'Close days for Meera Iyer' });
    fireEvent.click(within(form).getByRole('button', { name: 'Close these days' }));
    expect(within(form).getByText('Choose the first day off.')).toBeTruthy();
    fillDate(form, 'From', '2030-01-02');
    fillDate(form, 'Until (included)', '2030-01-03');
    fireEvent.change(within(form).getByLabelText('Note for customers (optional)'), { target: { value: 'Leave' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Close these days' }));
    await waitFor(() => expect(mockApi.requestsTo('POST', '/providers/me/staff/m1/closures')).toHaveLength(1));
    expect(mockApi.requestsTo('POST', '/providers/me/staff/m1/closures')[0].body).toEqual({ from: '2030-01-02', to: '2030-01-03', note: 'Leave' });
    const reopen = await within(section).findByRole('button', { name: /^Reopen 2 Jan – 3 Jan \(Leave\)$/ });
    expect(within(members()[1]).getByTestId('member-days-off').textContent).toBe('2 Jan – 3 Jan (Leave)');
    fireEvent.click(reopen);
    await waitFor(() => expect(within(members()[1]).getByTestId('member-days-off').textContent).toBe('None'));
  });
});
