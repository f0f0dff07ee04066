import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from './app';
import { AppRoutes } from './routes';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <AppRoutes />
        <Where />
      </AppProviders>
    </MemoryRouter>,
  );
}

const user = (role: 'customer' | 'provider') => ({
  _id: 'u1',
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
  address: 'Pune',
  dateOfBirth: '',
  gender: 'female',
  role,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
});

function stubProfile(status: number, body: unknown) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

describe('routing', () => {
  it.each(['/dashboard', '/profile', '/calendar', '/my-appointments', '/my-services', '/book', '/appointments', '/reschedule', '/add-service', '/provider-services'])(
    '%s needs a login',
    async (path) => {
      renderApp(path);
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    },
  );

  it('public routes render without a login', async () => {
    renderApp('/demo-services');
    expect(await screen.findByRole('heading', { name: 'Demo Services' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/demo-services');
  });

  it('startup: a 401 on the profile removes the token and goes to /login', async () => {
    localStorage.setItem('token', 'stale');
    stubProfile(401, { success: false, error: 'Unauthorized', message: 'Unauthorized' });
    renderApp('/help');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('customer nav and provider-only redirect', async () => {
    localStorage.setItem('token', 't');
    stubProfile(200, { success: true, user: user('customer') });
    renderApp('/add-service');
    // customer → /login → (logged in) /dashboard
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
    expect(await screen.findByRole('link', { name: 'Schedule' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'My Services' })).toBeNull();
  });

  it('provider nav and provider pages', async () => {
    localStorage.setItem('token', 't');
    stubProfile(200, { success: true, user: user('provider') });
    renderApp('/add-service');
    expect(await screen.findByRole('heading', { name: 'Add New Service' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Service Catalog' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Schedule' })).toBeNull();
  });

  it('theme toggle persists in local storage', async () => {
    renderApp('/help');
    const toggle = await screen.findByTestId('theme-toggle');
    toggle.click();
    await waitFor(() => expect(localStorage.getItem('theme')).toBe('dark'));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});

describe('login screen', () => {
  it('sends a user who arrives logged in to /dashboard', async () => {
    localStorage.setItem('token', 't');
    stubProfile(200, { success: true, user: user('customer') });
    renderApp('/login');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });
});

describe('logout', () => {
  it('from a protected screen returns to / and forgets the token', async () => {
    localStorage.setItem('token', 't');
    stubProfile(200, { success: true, user: user('customer') });
    renderApp('/dashboard');
    (await screen.findByRole('button', { name: 'Logout' })).click();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
