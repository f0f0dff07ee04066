import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aService, apiError, mockApi, server } from '@slotwise/shared-testing';
import { http } from 'msw';
import { DEMO_LOAD_ERROR, DemoServicesPage } from './DemoServicesPage';

const bookNow = (name: string) =>
  within(screen.getByRole('heading', { name }).closest('[data-testid="service-card"]') as HTMLElement).getByRole('link', { name: 'Book Now' });

describe('DemoServicesPage', () => {
  it('books the real service of each demo card, never a made-up id', async () => {
    mockApi.services = [aService({ _id: 'svc-haircut', name: 'Haircut & Styling' }), aService({ _id: 'svc-ac', name: 'AC Service & Repair' })];
    renderWithProviders(<DemoServicesPage />, { session: false });
    await waitFor(() => expect(bookNow('Haircut & Styling').getAttribute('href')).toContain('serviceId=svc-haircut'));
    expect(bookNow('AC Service & Repair').getAttribute('href')).toContain('serviceId=svc-ac');
    // Not in the catalogue: Book Now leads to browsing, not to a booking that cannot load.
    await waitFor(() => expect(bookNow('General Health Check-up').getAttribute('href')).not.toContain('demo-'));
    for (const a of screen.getAllByRole('link', { name: 'Book Now' })) expect(a.getAttribute('href')).not.toContain('serviceId=demo-');
  });

  it('shows an error, never made-up cards, when the catalogue cannot be reached', async () => {
    server.use(http.get('*/services', () => apiError(500, 'boom')));
    renderWithProviders(<DemoServicesPage />, { session: false });
    expect(await screen.findByText(DEMO_LOAD_ERROR)).toBeTruthy();
    expect(screen.queryByTestId('service-card')).toBeNull();
    expect(screen.queryByText(/12 reviews/)).toBeNull();
  });

  it('shows no card before the catalogue has answered', () => {
    mockApi.services = [aService({ _id: 'svc-haircut', name: 'Haircut & Styling' })];
    renderWithProviders(<DemoServicesPage />, { session: false });
    expect(screen.queryByTestId('service-card')).toBeNull();
  });
});
