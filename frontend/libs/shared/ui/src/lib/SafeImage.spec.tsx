import { fireEvent, render, screen } from '@testing-library/react';
import { SafeImage } from './SafeImage';

describe('SafeImage', () => {
  it('shows the picture while it loads', () => {
    render(<SafeImage src="https://example.com/a.png" alt="Dental care" />);
    expect(screen.getByRole('img', { name: 'Dental care' }).tagName).toBe('IMG');
  });

  it('replaces a broken image by a named placeholder', () => {
    render(<SafeImage src="https://example.com/missing.png" alt="Dental care" />);
    fireEvent.error(screen.getByRole('img', { name: 'Dental care' }));
    const placeholder = screen.getByRole('img', { name: 'Dental care' });
    expect(placeholder.tagName).toBe('DIV');
    expect(screen.getByTestId('image-fallback')).toBe(placeholder);
  });
});
