import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aProvider, apiError, http, mockApi, server } from '@slotwise/shared-testing';
import { PROFILE_SAVED, PROFILE_SAVE_FAILED, ProfilePage } from './ProfilePage';

const provider = aProvider({ address: 'Indiranagar, Bengaluru', dateOfBirth: '1990-01-15' });

function renderProfile() {
  mockApi.signIn(provider);
  renderWithProviders(<ProfilePage />);
}

const puts = () => mockApi.requestsTo('PUT', '/auth/profile');

afterEach(() => {
  vi.useRealTimers();
});

describe('ProfilePage', () => {
  it('shows personal and business info with Member Since / Last Updated', async () => {
    renderProfile();
    expect((await screen.findByTestId('profile-fullName')).textContent).toBe('Ravi Kumar');
    expect(screen.getByTestId('profile-businessName').textContent).toBe('Ravi Motors');
    expect(screen.getByTestId('profile-specializations').textContent).toBe('brakes, tyres');
    expect(screen.getByTestId('profile-createdAt').textContent).toContain('2026');
    expect(screen.getByText('Member Since')).toBeTruthy();
    expect(screen.getByText('Last Updated')).toBeTruthy();
  });

  it('cancel restores the values', async () => {
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Someone Else' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('profile-fullName').textContent).toBe('Ravi Kumar');
  });

  it('save sends businessInfo and shows the success message for 3 s', async () => {
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Specializations'), { target: { value: 'brakes, paint ' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    const body = puts()[0].body as { businessInfo: { specializations: string[]; experience: number } };
    expect(body.businessInfo.specializations).toEqual(['brakes', 'paint']);
    expect(body.businessInfo.experience).toBe(7);
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByText(PROFILE_SAVED)).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(PROFILE_SAVED)).toBeNull();
  });

  it("a failed save shows the server's error for 5 s, else the generic text", async () => {
    server.use(http.put('*/auth/profile', () => apiError(400, 'Email already in use')));
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email already in use');
    await act(async () => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.queryByRole('alert')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(PROFILE_SAVE_FAILED).toBe('Failed to update profile');
  });

  it('asks for the current password only when the email changes, and sends it', async () => {
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ravi.new@example.com' } });
    const password = screen.getByLabelText('Current Password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your current password to change your email.');
    expect(puts()).toEqual([]);
    fireEvent.change(password, { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    expect(puts()[0].body).toMatchObject({ email: 'ravi.new@example.com', currentPassword: 'secret123' });
  });

  it('hides the current password again when the email is put back', async () => {
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    const stored = email.value;
    fireEvent.change(email, { target: { value: 'other@example.com' } });
    expect(screen.getByLabelText('Current Password')).toBeTruthy();
    fireEvent.change(email, { target: { value: stored.toUpperCase() } });
    expect(screen.queryByLabelText('Current Password')).toBeNull();
  });

  it('validates before saving', async () => {
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please enter a valid email address');
    expect(puts()).toEqual([]);
    // Said next to Save, where the user is: the message comes right before the Save button.
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(alert.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('profile-save-error').nextElementSibling?.contains(save)).toBe(true);
  });
});
