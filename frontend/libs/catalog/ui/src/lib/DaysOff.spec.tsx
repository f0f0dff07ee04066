import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fillDate } from '@slotwise/shared-testing';
import { CloseDaysForm } from './DaysOff';

describe('CloseDaysForm', () => {
  it('closes from the picked day until a day typed day first', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const onDone = vi.fn();
    render(<CloseDaysForm from="2030-01-02" min="2030-01-01" onSubmit={onSubmit} onDone={onDone} />);
    const form = screen.getByRole('form', { name: 'Close days' });

    // before the first day: the field says so, and the form refuses rather than closing one day
    fillDate(form, 'Until (included)', '2030-01-01');
    expect(screen.getByText('Choose Wed, 2 Jan 2030 or later.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close these days' }));
    expect(screen.getByText('Finish the last day off, or clear it to close one day.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fillDate(form, 'Until (included)', '2030-01-04');
    fireEvent.click(screen.getByRole('button', { name: 'Close these days' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ from: '2030-01-02', to: '2030-01-04', note: '' });
  });
});
