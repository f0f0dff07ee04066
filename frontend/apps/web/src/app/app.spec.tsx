import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { aProvider, aUser, mockApi } from '@slotwise/shared-testing';
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

afterEach(() => {
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
    // A token the API does not know: the profile answers 401.
    localStorage.setItem('token', 'stale');
    renderApp('/help');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('customer nav and provider-only redirect', async () => {
    mockApi.signIn(aUser());
    renderApp('/add-service');
    // customer → /login → (logged in) /dashboard
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
    expect(await screen.findByRole('link', { name: 'Schedule' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'My Services' })).toBeNull();
  });

  it('provider nav and provider pages', async () => {
    mockApi.signIn(aProvider());
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
    mockApi.signIn(aUser());
    renderApp('/login');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });
});

describe('logout', () => {
  it('from a protected screen returns to / and forgets the token', async () => {
    mockApi.signIn(aUser());
    renderApp('/dashboard');
    (await screen.findByRole('button', { name: 'Logout' })).click();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
