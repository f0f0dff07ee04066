import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { apiError, http, HttpResponse, server } from '@slotwise/shared-testing';
import { UnsubscribePage } from './UnsubscribePage';

const renderAt = (entry: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/unsubscribe" element={<UnsubscribePage />} />
    </Routes>,
    { entries: [entry] },
  );

describe('the unsubscribe page', () => {
  it('opening the link sends nothing; the button POSTs its token', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      http.post('*/auth/unsubscribe', ({ request }) => {
        tokens.push(new URL(request.url).searchParams.get('token'));
        return HttpResponse.json({ success: true, message: 'You will no longer get Slotwise emails.' });
      }),
    );
    renderAt('/unsubscribe?token=u1.1900000000.sig');
    await new Promise((r) => setTimeout(r, 20));
    expect(tokens).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('status')).textContent).toBe('You will no longer get Slotwise emails.');
    expect(tokens).toEqual(['u1.1900000000.sig']);
  });

  it('shows an expired link’s message', async () => {
    const expired = 'This unsubscribe link has expired: open the link in a newer email, or sign in and switch emails off in your profile';
    server.use(http.post('*/auth/unsubscribe', () => apiError(400, expired)));
    renderAt('/unsubscribe?token=old');
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(expired);
  });
});
