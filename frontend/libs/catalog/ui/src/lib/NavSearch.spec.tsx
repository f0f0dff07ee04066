import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { NavSearch } from './NavSearch';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

describe('NavSearch', () => {
  it('opens the services page with the words as q', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <NavSearch />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search services' });
    fireEvent.change(box, { target: { value: '  deep massage ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where').textContent).toBe('/services?q=deep+massage');
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('where').textContent).toBe('/services');
  });
});
