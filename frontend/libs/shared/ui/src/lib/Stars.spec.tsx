import { render, screen } from '@testing-library/react';
import { fullStars, Stars } from './Stars';

describe('Stars', () => {
  it('rounds to whole stars, 0 to 5', () => {
    expect(fullStars(4.3)).toBe(4);
    expect(fullStars(4.5)).toBe(5);
    expect(fullStars(0)).toBe(0);
    expect(fullStars(Number.NaN)).toBe(0);
    expect(fullStars(9)).toBe(5);
  });

  it('names the rating for screen readers and shows the review count', () => {
    render(<Stars rating={4.5} count={1} />);
    expect(screen.getByLabelText('Rated 4.5 out of 5').textContent).toContain('4.5 (1 review)');
  });

  it('a service with no reviews reads "New", not five grey stars and 0.0', () => {
    render(<Stars rating={0} count={0} />);
    const badge = screen.getByTestId('rating-new');
    expect(badge.textContent).toBe('New: no reviews yet');
    expect(badge.textContent).not.toContain('★');
    expect(screen.queryByLabelText(/Rated/)).toBeNull();
  });
});
