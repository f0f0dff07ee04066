import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aProvider, aService, mockApi } from '@slotwise/shared-testing';
import { ServiceManagement } from './ServiceManagement';

describe('ServiceManagement: the provider services a page at a time (docs/product.md "Paged lists")', () => {
  it('reads every page on its own, each after the last one\'s cursor', async () => {
    mockApi.signIn(aProvider());
    mockApi.services = ['Newest', 'Middle', 'Oldest'].map((name, i) => aService({ _id: `s${i}`, name }));
    mockApi.servicePageSize = 2;
    renderWithProviders(<ServiceManagement />);
    expect(await screen.findByText('Oldest')).toBeTruthy();
    expect(screen.getAllByTestId('my-service')).toHaveLength(3);
    await waitFor(() => expect(mockApi.requestsTo('GET', '/services/provider')).toHaveLength(2));
    expect(mockApi.requestsTo('GET', '/services/provider')[1].path).toContain('cursor=s%3A2');
    expect(screen.queryByRole('button', { name: 'Load more services' })).toBeNull();
  });
});
