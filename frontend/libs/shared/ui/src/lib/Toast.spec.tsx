import { act, render, screen } from '@testing-library/react';
import { toast, ToastRegion } from './Toast';

describe('ToastRegion', () => {
  it('shows toasts at the bottom of the screen, never over the navbar and its user menu', async () => {
    const { container } = render(<ToastRegion theme="light" duration={3000} />);
    act(() => {
      toast.success('Saved');
    });
    await screen.findByText('Saved');
    const list = container.ownerDocument.querySelector('[data-sonner-toaster]');
    expect(list?.getAttribute('data-y-position')).toBe('bottom');
  });
});
