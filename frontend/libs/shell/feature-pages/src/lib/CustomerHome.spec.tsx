import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aReview, mockApi } from '@slotwise/shared-testing';
import { CustomerHome } from './CustomerHome';

describe('CustomerHome: real figures and testimonials (docs/product.md#customer-home)', () => {
  it('shows the figures of GET /stats and no static number', async () => {
    mockApi.stats = { bookings: 12345, businesses: 42, averageRating: 4.56, ratingCount: 310, completedShare: 93 };
    renderWithProviders(<CustomerHome />, { session: false });
    const figures = await screen.findByTestId('home-figures');
    const pairs = within(figures)
      .getAllByRole('definition')
      .map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent}`);
    expect(pairs).toEqual(['Bookings made: 12,345', 'Businesses: 42', 'Average rating (310 reviews): 4.6 ★', 'Appointments completed: 93%']);
    expect(document.body.textContent).not.toMatch(/10k\+|98%/);
  });

  it('leaves out a figure with nothing behind it yet', async () => {
    mockApi.stats = { bookings: 0, businesses: 1, averageRating: 0, ratingCount: 0, completedShare: 0 };
    renderWithProviders(<CustomerHome />, { session: false });
    const figures = await screen.findByTestId('home-figures');
    expect(within(figures).getAllByRole('definition').map((d) => d.textContent)).toEqual(['0', '1']);
  });

  it('hides the testimonials below three, shows real ones from three', async () => {
    mockApi.reviews = [aReview({ comment: 'Lovely' }), aReview({ comment: 'Superb' })];
    const first = renderWithProviders(<CustomerHome />, { session: false });
    await waitFor(() => expect(mockApi.requestsTo('GET', '/reviews/testimonials')).toHaveLength(1));
    await screen.findByTestId('home-figures');
    expect(screen.queryByRole('heading', { name: 'What customers say' })).toBeNull();
    first.unmount();

    mockApi.reviews = [...mockApi.reviews, aReview({ comment: 'Spotless', serviceName: 'Haircut' })];
    renderWithProviders(<CustomerHome />, { session: false });
    const section = await screen.findByTestId('testimonials');
    expect(within(section).getAllByRole('figure')).toHaveLength(3);
    expect(section.textContent).toContain('“Spotless”Ravi P. · Haircut');
  });
});
