import { screen } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aReview, aUser, mockApi } from '@slotwise/shared-testing';
import { ServiceReview } from './ServiceReview';

describe('ServiceReview: a public review on the booking page', () => {
  const reply = { text: 'Thank you, see you soon!', businessName: 'Acme Care', createdAt: '2026-11-02T06:00:00Z', updatedAt: '2026-11-02T06:00:00Z' };

  it("shows the provider's reply under it with the business name and date, and offers Report", async () => {
    mockApi.signIn(aUser({ _id: 'someone-else' }));
    renderWithProviders(<ServiceReview review={aReview({ reply })} />);
    const shown = screen.getByTestId('review-reply');
    expect(shown.textContent).toBe('Reply from Acme Care · Mon, 2 Nov 2026Thank you, see you soon!');
    expect(await screen.findByRole('button', { name: "Report Ravi P.'s review" })).toBeTruthy();
  });

  it('offers no Report to its own author, and shows no reply block without a reply', async () => {
    mockApi.signIn(aUser({ _id: 'u2' }));
    renderWithProviders(<ServiceReview review={aReview()} />);
    await screen.findByText('Great care');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    expect(screen.queryByTestId('review-reply')).toBeNull();
  });
});
