import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aService, http, HttpResponse, mockApi, server } from '@slotwise/shared-testing';
import { ServicesPage } from './ServicesPage';
import { CAPPED_HINT } from './ServiceListing';

function renderServices(entry = '/services') {
  return renderWithProviders(
    <Routes>
      <Route path="/services" element={<ServicesPage />} />
    </Routes>,
    { entries: [entry], session: false },
  );
}

describe('ServicesPage', () => {
  it('searches with q from the address, the field showing it', async () => {
    mockApi.services = [aService({ name: 'Deep tissue massage', description: 'Ninety minutes' }), aService({ name: 'Car wash', description: 'Interior cleaning' })];
    renderServices('/services?q=massage');
    expect(await screen.findByText('Deep tissue massage')).toBeTruthy();
    expect(screen.queryByText('Car wash')).toBeNull();
    expect((screen.getByLabelText('Search services') as HTMLInputElement).value).toBe('massage');
    expect(mockApi.requestsTo('GET', '/services').map((r) => r.path)).toEqual(['/services?q=massage']);
  });

  it('typing searches name and description (q), debounced', async () => {
    mockApi.services = [aService({ name: 'Deep tissue massage', description: 'Ninety minutes' }), aService({ name: 'Car wash', description: 'Interior cleaning' })];
    renderServices();
    expect(await screen.findByText('Car wash')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search services'), { target: { value: 'cleaning' } });
    await screen.findByText('Showing 1 of 1');
    expect(screen.queryByText('Deep tissue massage')).toBeNull();
    expect(mockApi.requestsTo('GET', '/services').map((r) => r.path)).toEqual(['/services', '/services?q=cleaning']);
  });

  it('says when a search matched more than the server counts, and how to narrow it', async () => {
    const page = Array.from({ length: 24 }, (_, i) => aService({ name: `Yoga class ${i}` }));
    server.use(http.get('*/services', () => HttpResponse.json({ success: true, services: page, total: 24, totalCapped: true })));
    renderServices('/services?q=yoga');
    expect(await screen.findByText('Showing 24 of 24+')).toBeTruthy();
    expect(screen.getByText(CAPPED_HINT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a capped count of a big listing as 1,000+', async () => {
    const page = Array.from({ length: 24 }, (_, i) => aService({ name: `Plumber ${i}` }));
    server.use(http.get('*/services', () => HttpResponse.json({ success: true, services: page, total: 1000, totalCapped: true })));
    renderServices('/services');
    expect(await screen.findByText('Showing 24 of 1,000+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });
});
