import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ReactNode } from 'react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aUser, apiError, http, HttpResponse, mockApi, server } from '@slotwise/shared-testing';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage, validateReset } from './ResetPasswordPage';
import { VerifyEmailPage } from './VerifyEmailPage';
import { VerifyEmailBanner } from './VerifyEmailBanner';

function renderAt(entry: string, path: string, ui: ReactNode) {
  return renderWithProviders(
    <Routes>
      <Route path={path} element={ui} />
    </Routes>,
    { entries: [entry] },
  );
}

const FORGOT = 'If an account uses this address, we sent it a link to reset the password. The link works for 30 minutes.';

describe('the mailed links’ screens', () => {
  it('forgot password: asks for the address, then shows the server’s one answer', async () => {
    let sent: unknown;
    server.use(
      http.post('*/auth/password/forgot', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: FORGOT });
      }),
    );
    renderAt('/forgot-password', '/forgot-password', <ForgotPasswordPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address.');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' asha@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(FORGOT);
    expect(sent).toEqual({ email: 'asha@example.com' });
  });

  it('reset password: checks the form, sends the token, shows a refused link’s message', async () => {
    expect(validateReset('', '')).toBe('Please enter a new password.');
    expect(validateReset('abc', 'abc')).toBe('Password must be at least 6 characters long.');
    expect(validateReset('secret1', 'secret2')).toBe('Passwords do not match.');
    let sent: unknown;
    server.use(
      http.post('*/auth/password/reset', async ({ request }) => {
        sent = await request.json();
        return apiError(400, 'This link has expired. Please ask for a new one.');
      }),
    );
    renderAt('/reset-password?token=tok123', '/reset-password', <ResetPasswordPage />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'fresh-pass' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'fresh-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired. Please ask for a new one.');
    expect(sent).toEqual({ token: 'tok123', newPassword: 'fresh-pass', confirmPassword: 'fresh-pass' });
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });

  it('reset password without a token says the link is incomplete', () => {
    renderAt('/reset-password', '/reset-password', <ResetPasswordPage />);
    expect(screen.getByRole('alert').textContent).toMatch(/incomplete/);
  });

  it('verify email: opens the link once and shows the answer', async () => {
    let calls = 0;
    server.use(
      http.post('*/auth/verify-email', () => {
        calls++;
        return HttpResponse.json({ success: true, message: 'Thank you: your email address is verified.' });
      }),
    );
    renderAt('/verify-email?token=once', '/verify-email', <VerifyEmailPage />);
    expect((await screen.findByText('Thank you: your email address is verified.')).textContent).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('the banner shows for an unverified address and resends', async () => {
    mockApi.signIn(aUser({ email: 'new@example.com', emailVerified: false }));
    server.use(
      http.post('*/auth/verify-email/resend', () =>
        apiError(429, 'We just sent a link. Please check your inbox, or try again in 42 seconds.'),
      ),
    );
    renderAt('/', '/', <VerifyEmailBanner />);
    expect((await screen.findByRole('region', { name: 'Email verification' })).textContent).toContain('new@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect((await screen.findByRole('status')).textContent).toBe('We just sent a link. Please check your inbox, or try again in 42 seconds.');
  });

  it('no banner for a verified address', async () => {
    mockApi.signIn(aUser());
    renderAt('/', '/', <><VerifyEmailBanner /><p>page</p></>);
    await screen.findByText('page');
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
  });
});
