import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ReactNode } from 'react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aProvider, aUser, fillDate, http, HttpResponse, mockApi, server, TEST_TOKEN } from '@slotwise/shared-testing';
import { AuthPage, MISSING_TOKEN } from './AuthPage';

function renderAt(path: string, ui: ReactNode) {
  return renderWithProviders(
    <Routes>
      <Route path={path} element={ui} />
      <Route path="/" element={<p>home page</p>} />
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    { entries: [path] },
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AuthPage', () => {
  it('login: title, role choice default customer, and the first validation message', () => {
    renderAt('/in', <AuthPage mode="login" />);
    expect(screen.getByRole('heading', { name: 'Login Here!' })).toBeTruthy();
    expect((screen.getByLabelText('Customer') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert').textContent).toBe('All fields are required.');
  });

  it('register: provider fields appear and their rules apply', () => {
    renderAt('/up', <AuthPage mode="register" />);
    expect(screen.getByRole('heading', { name: 'Register Here!' })).toBeTruthy();
    expect(screen.queryByLabelText('Business Name')).toBeNull();
    fireEvent.click(screen.getByLabelText('Service Provider'));
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('Full Name', 'Asha');
    fill('Email', 'asha@example.com');
    fill('Phone Number', '9876543210');
    fill('Address', 'Pune');
    fill('Gender', 'female');
    fill('Password', 'secret1');
    fill('Confirm Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Business name is required for service providers.',
    );
    expect(screen.getByText('Must be at least 10 years old')).toBeTruthy();
  });

  it('register: the date of birth is typed day first and sent as ISO; an impossible one is refused, not dropped', async () => {
    renderAt('/up', <AuthPage mode="register" />);
    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('Full Name', 'Asha');
    fill('Email', 'asha.dob@example.com');
    fill('Phone Number', '9876543210');
    fill('Address', 'Pune');
    fill('Gender', 'female');
    fill('Password', 'secret1');
    fill('Confirm Password', 'secret1');
    const form = screen.getByRole('button', { name: 'Register' }).closest('form') as HTMLElement;
    fillDate(form, 'Date of Birth (optional)', '1990-02-31');
    expect(screen.getByText('February 1990 has 28 days: enter a day from 1 to 28.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid date of birth.');
    expect(mockApi.requestsTo('POST', '/auth/register')).toHaveLength(0);

    fillDate(form, 'Date of Birth (optional)', '1990-04-12');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(mockApi.requestsTo('POST', '/auth/register')).toHaveLength(1));
    expect(mockApi.requestsTo('POST', '/auth/register')[0].body).toMatchObject({ dateOfBirth: '1990-04-12' });
  });

  it('login: a response without a token is an error', async () => {
    server.use(http.post('*/auth/login-with-role', () => HttpResponse.json({ success: true, message: 'ok' })));
    renderAt('/in', <AuthPage mode="login" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(MISSING_TOKEN);
  });

  it("login: shows the server's error text", async () => {
    mockApi.user = aUser({ email: 'a@b.c' });
    renderAt('/in', <AuthPage mode="login" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('login: stores the token and goes home after 1.5 s', async () => {
    mockApi.user = aUser({ email: 'a@b.c' });
    renderAt('/in', <AuthPage mode="login" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Login successful');
    expect(screen.queryByText('home page')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    expect(localStorage.getItem('token')).toBe(TEST_TOKEN);
    expect(screen.getByText('home page')).toBeTruthy();
  });

  it('login: the role is looked up 1 s after typing stops', async () => {
    mockApi.user = aProvider({ email: 'p@b.c' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/in', <AuthPage mode="login" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'p@b.c' } });
    await act(async () => {
      vi.advanceTimersByTime(900);
    });
    expect(mockApi.requests).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Service Provider') as HTMLInputElement).checked).toBe(true),
    );
    // The email is one path segment, encoded.
    expect(mockApi.requests.map((r) => r.path)).toEqual(['/auth/user-role/p%40b.c']);
  });
});
