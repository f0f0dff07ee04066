import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { apiError, aService, http, mockApi, server } from '@slotwise/shared-testing';
import { CategoryPage, EMPTY_TEXT, LOAD_ERROR } from './CategoryPage';
import { CategoriesPage } from './CategoriesPage';

function renderCategory(slug: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/categories/:slug" element={<CategoryPage />} />
    </Routes>,
    { entries: [`/categories/${slug}`], session: false },
  );
}

describe('CategoryPage', () => {
  it('asks for the spec query name and lists services', async () => {
    mockApi.services = [aService({ name: 'Pipe repair', category: 'Hotels & Restaurants' }), aService({ name: 'Haircut', category: 'Beauty & Personal Care' })];
    renderCategory('hotel-restaurant');
    expect(screen.getByText('Loading services…')).toBeTruthy();
    expect(await screen.findByText('Pipe repair')).toBeTruthy();
    expect(screen.queryByText('Haircut')).toBeNull();
    expect(mockApi.requestsTo('GET', '/services').map((r) => r.path)).toEqual(['/services?category=Hotels%20%26%20Restaurants']);
  });

  it('shows 24 a page with the total and loads more until all are shown', async () => {
    mockApi.services = Array.from({ length: 30 }, (_, i) => aService({ name: `Car spa ${i}`, category: 'Automobile' }));
    renderCategory('automobile');
    expect(await screen.findByText('Showing 24 of 30')).toBeTruthy();
    expect(screen.getAllByTestId('service-card')).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 30 of 30')).toBeTruthy();
    expect(screen.getAllByTestId('service-card')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(mockApi.requestsTo('GET', '/services').map((r) => r.path)).toEqual([
      '/services?category=Automobile',
      '/services?category=Automobile&offset=24',
    ]);
  });

  it('shows the empty text', async () => {
    renderCategory('beauty');
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
  });

  it('shows the error banner', async () => {
    server.use(http.get('*/services', () => apiError(500, 'boom')));
    renderCategory('others');
    expect((await screen.findByRole('alert')).textContent).toBe(LOAD_ERROR);
  });
});

describe('CategoriesPage', () => {
  it('shows ten category cards', () => {
    render(<CategoriesPage />, { wrapper: MemoryRouter });
    expect(screen.getAllByTestId('category-card')).toHaveLength(10);
  });
});
