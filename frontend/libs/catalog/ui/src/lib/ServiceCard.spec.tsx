import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ServiceCard, bookingHref } from './ServiceCard';
import { NO_FREE_SLOT, nextAvailableLabel } from './next-available';

const service = {
  _id: 's1',
  name: 'Hair Cut & Style',
  description: 'A fresh look.',
  price: 499,
  duration: 45,
  provider: 'Glow Studio',
  location: 'MG Road, Pune',
  contact: 'glow@example.com',
  imageUrl: '',
  avgRating: 4.5,
  totalReviews: 2,
};

describe('ServiceCard', () => {
  it('names the service in an h2, the level under a page title (no skipped heading level)', () => {
    render(<ServiceCard service={service} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { level: 2, name: 'Hair Cut & Style' })).toBeTruthy();
  });

  it('shows rupee price, minutes, stars and Book Now link', () => {
    render(<ServiceCard service={service} />, { wrapper: MemoryRouter });
    expect(screen.getByText('₹499')).toBeTruthy();
    expect(screen.getByText('45 min')).toBeTruthy();
    expect(screen.getByLabelText('Rated 4.5 out of 5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe(
      '/book?service=Hair+Cut+%26+Style&serviceId=s1',
    );
  });

  it('Know More opens a modal with the details', () => {
    render(<ServiceCard service={service} />, { wrapper: MemoryRouter });
    fireEvent.click(screen.getByRole('button', { name: 'Know More' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('A fresh look.');
    expect(dialog.textContent).toContain('glow@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('bookingHref encodes name and id', () => {
    expect(bookingHref({ name: 'A B', _id: 'x' })).toBe('/book?service=A+B&serviceId=x');
  });

  it('says when the next free slot is: weekday and 12-hour time, or none in the window', () => {
    const { rerender } = render(<ServiceCard service={{ ...service, nextAvailable: { date: '2026-11-24', time: '10:00', startsAt: '2026-11-24T04:30:00Z' } }} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByTestId('next-available').textContent).toBe('Next: Tue 10:00 AM');
    rerender(<ServiceCard service={{ ...service, nextAvailable: null }} />);
    expect(screen.getByTestId('next-available').textContent).toBe(NO_FREE_SLOT);
    rerender(<ServiceCard service={service} />);
    expect(screen.queryByTestId('next-available')).toBeNull();
  });
});

describe('nextAvailableLabel', () => {
  it('reads the date as a calendar date, whatever the browser zone', () => {
    expect(nextAvailableLabel({ date: '2026-11-29', time: '6:30 PM' })).toBe('Sun 6:30 PM');
    expect(nextAvailableLabel({ date: '2026-12-01', time: '18:30' })).toBe('Tue 6:30 PM');
  });
});
