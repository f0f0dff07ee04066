import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { aProvider, aService, aUser, availabilityDay, mockApi } from '@slotwise/shared-testing';
import { AppProviders } from './app';
import { AppRoutes } from './routes';

function Where() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="where" data-search={search}>
      {pathname}
    </output>
  );
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

  it.each(['/my-services', '/add-service', '/provider-services'])('a customer opening %s goes home, never seeing a provider screen', async (path) => {
    mockApi.signIn(aUser({ fullName: 'Asha Customer' }));
    renderApp(path);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Provider Dashboard' })).toBeNull();
  });

  it('customer nav', async () => {
    mockApi.signIn(aUser());
    renderApp('/dashboard');
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

  it('without a stored choice the theme is the system’s (prefers-color-scheme), and nothing is stored', async () => {
    const matchMedia = vi.fn((q: string) => ({ matches: q === '(prefers-color-scheme: dark)', media: q, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      renderApp('/help');
      await screen.findByTestId('theme-toggle');
      await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
      expect(localStorage.getItem('theme')).toBeNull();
      // A stored choice wins over the system.
      screen.getByTestId('theme-toggle').click();
      await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(false));
      expect(localStorage.getItem('theme')).toBe('light');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a skip link is the first stop and leads to the page', async () => {
    renderApp('/help');
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(document.querySelector('main')?.id).toBe('main');
    const focusable = document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
    expect(focusable[0]).toBe(skip);
    // Following it focuses the page, staying on this route.
    fireEvent.click(skip);
    expect(document.activeElement).toBe(document.querySelector('main'));
    expect(screen.getByTestId('where').textContent).toBe('/help');
  });
});

describe('phone menu', () => {
  it('is a disclosure: opens with focus on its first link, Escape closes it and returns focus', async () => {
    mockApi.signIn(aUser());
    renderApp('/help');
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    button.click();
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'Home' })));
    expect(within(menu).getByRole('link', { name: 'My Appointments' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeTruthy();
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});

describe('footer', () => {
  const account = () => within(screen.getByText('Account', { selector: 'footer p' }).parentElement as HTMLElement);

  it('offers Login and Register to a visitor', async () => {
    renderApp('/help');
    await screen.findByText('Account', { selector: 'footer p' });
    expect(account().getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(account().queryByRole('link', { name: 'Profile' })).toBeNull();
  });

  it('has no Login or Register once signed in, and links the profile', async () => {
    mockApi.signIn(aUser());
    renderApp('/help');
    await screen.findByText('Account', { selector: 'footer p' });
    expect(account().queryByRole('link', { name: 'Login' })).toBeNull();
    expect(account().queryByRole('link', { name: 'Register' })).toBeNull();
    expect(account().getByRole('link', { name: 'Profile' })).toBeTruthy();
  });
});

describe('login screen', () => {
  it('sends a user who arrives logged in to /dashboard', async () => {
    mockApi.signIn(aUser());
    renderApp('/login');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });
});

describe('sign-in returns', () => {
  it('to the booking page with the chosen day and slot', async () => {
    const later = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
    mockApi.signIn(aUser({ email: 'asha@example.com', role: 'customer' }), 'secret1');
    localStorage.removeItem('token');
    mockApi.services = [aService({ _id: 's1', name: 'Dental check-up', timeSlots: ['09:00', '10:00'] })];
    mockApi.availability.set('s1', [
      availabilityDay('2030-01-02', ['09:00', true, later(24)], ['10:00', true, later(25)]),
      availabilityDay('2030-01-03', ['09:00', true, later(48)], ['10:00', true, later(49)]),
    ]);
    renderApp('/book?service=Dental+check-up&serviceId=s1&date=2030-01-03&time=10%3A00');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/book'), { timeout: 8_000 });
    expect(screen.getByTestId('where').getAttribute('data-search')).toContain('date=2030-01-03');
    const ten = await screen.findByRole('button', { name: '10:00 AM' });
    await waitFor(() => expect(ten.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: /3\s*Jan/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('to the page whose Login link was followed', async () => {
    mockApi.signIn(aUser({ email: 'asha@example.com', role: 'customer' }), 'secret1');
    localStorage.removeItem('token');
    renderApp('/demo-services');
    await screen.findByRole('heading', { name: 'Demo Services' });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link', { name: 'Login' })[0]);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/demo-services'), { timeout: 8_000 });
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
