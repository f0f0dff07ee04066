import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ReactNode } from 'react';
import { jsonResponse, renderWithProviders } from '@slotwise/shared-data-access/testing';
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
  vi.unstubAllGlobals();
  localStorage.clear();
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

  it('login: a response without a token is an error', async () => {
    vi.stubGlobal('fetch', vi.fn(() => jsonResponse(200, { success: true, message: 'ok' })));
    renderAt('/in', <AuthPage mode="login" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(MISSING_TOKEN);
  });

  it("login: shows the server's error text", async () => {
    vi.stubGlobal('fetch', vi.fn(() => jsonResponse(401, { success: false, error: 'Invalid email or password' })));
    renderAt('/in', <AuthPage mode="login" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('login: stores the token and goes home after 1.5 s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.endsWith('/auth/login-with-role')
          ? jsonResponse(200, { success: true, token: 'tkn', message: 'Login successful' })
          : jsonResponse(200, { success: true, user: { fullName: 'A', role: 'customer' } }),
      ),
    );
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
    expect(localStorage.getItem('token')).toBe('tkn');
    expect(screen.getByText('home page')).toBeTruthy();
  });

  it('login: the role is looked up 1 s after typing stops', async () => {
    const fetchMock = vi.fn(() => jsonResponse(200, { success: true, role: 'provider' }));
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/in', <AuthPage mode="login" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'p@b.c' } });
    await act(async () => {
      vi.advanceTimersByTime(900);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Service Provider') as HTMLInputElement).checked).toBe(true),
    );
  });
});
