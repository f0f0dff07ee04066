import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aUser, mockApi } from '@slotwise/shared-testing';
import { SecuritySection } from './SecuritySection';
import { validatePasswordChange } from './password-change';

function renderSecurity() {
  mockApi.signIn(aUser(), 'secret1');
  localStorage.setItem('refreshToken', 'test-refresh-token');
  renderWithProviders(
    <Routes>
      <Route path="/profile" element={<SecuritySection />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { entries: ['/profile'] },
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('validatePasswordChange', () => {
  it("checks in the server's order, with its words", () => {
    const ok = { currentPassword: 'secret1', newPassword: 'fresh-1', confirmPassword: 'fresh-1' };
    expect(validatePasswordChange({ ...ok, currentPassword: '' })).toBe('Please enter your current password.');
    expect(validatePasswordChange({ ...ok, newPassword: '' })).toBe('Please enter a new password.');
    expect(validatePasswordChange({ ...ok, confirmPassword: 'other' })).toBe('Passwords do not match.');
    expect(validatePasswordChange({ ...ok, newPassword: 'abc', confirmPassword: 'abc' })).toBe('Password must be at least 6 characters long.');
    expect(validatePasswordChange({ ...ok, newPassword: 'secret1', confirmPassword: 'secret1' })).toBe('The new password must be different from the current one.');
    expect(validatePasswordChange(ok)).toBe('');
  });
});

describe('SecuritySection', () => {
  it('changes the password and says other devices are signed out and the calendar address changed', async () => {
    renderSecurity();
    fill('Old password', 'secret1');
    fill('New password', 'fresh-pass-1');
    fill('Confirm new password', 'fresh-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Password changed. Other devices are signed out within 10 minutes. Your calendar address was changed too: copy the new one from your Calendar page.',
    );
    expect(mockApi.requestsTo('PUT', '/auth/password')[0].body).toEqual({ currentPassword: 'secret1', newPassword: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' });
    expect((screen.getByLabelText('Old password') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal of a wrong current password and stays signed in", async () => {
    renderSecurity();
    fill('Old password', 'guess-1');
    fill('New password', 'fresh-pass-1');
    fill('Confirm new password', 'fresh-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The current password is incorrect.');
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('refuses a form that cannot succeed without calling the server', async () => {
    renderSecurity();
    fill('Old password', 'secret1');
    fill('New password', 'fresh-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match.');
    expect(mockApi.requestsTo('PUT', '/auth/password')).toHaveLength(0);
  });

  it('signs out everywhere after a confirmation, then shows /login', async () => {
    renderSecurity();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(mockApi.requestsTo('POST', '/auth/logout-all')).toHaveLength(1);
    expect([localStorage.getItem('token'), localStorage.getItem('refreshToken')]).toEqual([null, null]);
  });
});
