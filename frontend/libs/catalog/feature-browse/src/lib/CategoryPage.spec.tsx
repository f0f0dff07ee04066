import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
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

const ok = (services: unknown[]) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: true, services }))));

afterEach(() => vi.unstubAllGlobals());

describe('CategoryPage', () => {
  it('asks for the spec query name and lists services', async () => {
    const fetchMock = ok([
      { _id: '1', name: 'Pipe repair', price: 299, duration: 30, avgRating: 0, totalReviews: 0 },
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderCategory('hotel-restaurant');
    expect(screen.getByText('Loading services…')).toBeTruthy();
    expect(await screen.findByText('Pipe repair')).toBeTruthy();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
      'http://localhost:5001/services?category=Hotels+%26+Restaurants',
    );
  });

  it('shows the empty text', async () => {
    vi.stubGlobal('fetch', ok([]));
    renderCategory('beauty');
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
  });

  it('shows the error banner', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 500 }))));
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
