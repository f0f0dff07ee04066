import { act, fireEvent, screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '@slotwise/shared-data-access/testing';
import { PROFILE_SAVED, PROFILE_SAVE_FAILED, ProfilePage } from './ProfilePage';

const provider = {
  _id: 'u1',
  fullName: 'Ravi Kumar',
  email: 'ravi@example.com',
  phoneNumber: '9876543210',
  address: 'Indiranagar, Bengaluru',
  dateOfBirth: '1990-01-15',
  gender: 'male',
  role: 'provider',
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-02-01T10:00:00Z',
  providerInfo: {
    businessName: 'Ravi Motors',
    businessDescription: 'Car care',
    businessCategory: 'automotive',
    businessHours: '9-6',
    location: 'Bengaluru',
    specializations: ['brakes', 'tyres'],
    experience: 7,
  },
};

function renderProfile(put: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
    init?.method === 'PUT' ? put() : jsonResponse(200, { success: true, user: provider }),
  );
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 't');
  renderWithProviders(<ProfilePage />);
  return fetchMock;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ProfilePage', () => {
  it('shows personal and business info with Member Since / Last Updated', async () => {
    renderProfile(() => jsonResponse(200, {}));
    expect((await screen.findByTestId('profile-fullName')).textContent).toBe('Ravi Kumar');
    expect(screen.getByTestId('profile-businessName').textContent).toBe('Ravi Motors');
    expect(screen.getByTestId('profile-specializations').textContent).toBe('brakes, tyres');
    expect(screen.getByTestId('profile-createdAt').textContent).toContain('2026');
    expect(screen.getByText('Member Since')).toBeTruthy();
    expect(screen.getByText('Last Updated')).toBeTruthy();
  });

  it('cancel restores the values', async () => {
    renderProfile(() => jsonResponse(200, {}));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Someone Else' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('profile-fullName').textContent).toBe('Ravi Kumar');
  });

  it('save sends businessInfo and shows the success message for 3 s', async () => {
    const put = vi.fn(() => jsonResponse(200, { success: true, user: { ...provider, fullName: 'Ravi K' } }));
    const fetchMock = renderProfile(put);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Specializations'), { target: { value: 'brakes, paint ' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    const putCall = fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT');
    const body = JSON.parse(String(putCall?.[1]?.body));
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
    renderProfile(() => jsonResponse(400, { success: false, error: 'Email already in use' }));
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

  it('validates before saving', async () => {
    const put = vi.fn(() => jsonResponse(200, {}));
    renderProfile(put);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    expect(put).not.toHaveBeenCalled();
  });
});
