import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aUser, apiError, http, mockApi, server } from '@slotwise/shared-testing';
import { HttpResponse } from 'msw';
import { YourDataSection } from './YourDataSection';
import { EXPORT_FILE_NAME } from '../api/export-api';

function renderSection() {
  renderWithProviders(
    <Routes>
      <Route path="/profile" element={<YourDataSection />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { entries: ['/profile'] },
  );
}

describe('YourDataSection', () => {
  let saved: { href: string; download: string }[];
  let authorization: (string | null)[];

  beforeEach(() => {
    saved = [];
    authorization = [];
    mockApi.signIn(aUser(), 'secret1');
    URL.createObjectURL = vi.fn(() => 'blob:my-data');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    server.use(
      http.get('*/auth/export', ({ request }) => {
        authorization.push(request.headers.get('Authorization'));
        return HttpResponse.json({ account: {}, appointments: [], reviews: [], notifications: [] });
      }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the file with the signed-in token and says so', async () => {
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your data was downloaded.');
    expect(saved).toEqual([{ href: 'blob:my-data', download: EXPORT_FILE_NAME }]);
    expect(authorization).toEqual(['Bearer test-token']);
  });

  it("shows the server's refusal and saves nothing", async () => {
    server.use(http.get('*/auth/export', () => apiError(401, 'Sign in to download your data')));
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sign in to download your data');
    expect(saved).toEqual([]);
  });

  describe('Delete my account', () => {
    let sent: unknown[];
    beforeEach(() => {
      sent = [];
      localStorage.setItem('refreshToken', 'test-refresh-token');
      server.use(
        http.delete('*/auth/account', async ({ request }) => {
          const body = (await request.json()) as { password?: string };
          sent.push(body);
          if (body.password !== 'secret1') return apiError(403, 'The password is incorrect.');
          return HttpResponse.json({ success: true, message: 'Your account was deleted.' });
        }),
      );
    });

    it('asks for the password before anything is sent', async () => {
      renderSection();
      fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Please enter your password to delete your account.');
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(sent).toEqual([]);
    });

    it('deletes after the confirmation, signs out and shows /login', async () => {
      renderSection();
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(sent).toEqual([]);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
      expect(sent).toEqual([{ password: 'secret1' }]);
      expect([localStorage.getItem('token'), localStorage.getItem('refreshToken')]).toEqual([null, null]);
    });

    it("shows the server's refusal and stays signed in", async () => {
      renderSection();
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'guess-1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete my account' }));
      expect((await screen.findByRole('alert')).textContent).toBe('The password is incorrect.');
      expect(localStorage.getItem('token')).not.toBeNull();
    });

    it('cancelling the dialog sends nothing', async () => {
      renderSection();
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(sent).toEqual([]);
    });
  });
});
