import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { DeleteServiceDialog } from './DeleteServiceDialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => vi.clearAllMocks());

describe('DeleteServiceDialog', () => {
  it('deletes after the question, says so and closes', async () => {
    const onDelete = vi.fn().mockResolvedValue({});
    const onClose = vi.fn();
    render(<DeleteServiceDialog service={{ _id: 's1', name: 'Hair Cut' }} onDelete={onDelete} onClose={onClose} />);
    expect(screen.getByRole('alertdialog', { name: 'Delete service?' }).textContent).toContain('Hair Cut');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onDelete).toHaveBeenCalledWith('s1');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Hair Cut deleted'));
  });

  it("a refused delete keeps the question open with the server's reason", async () => {
    const onClose = vi.fn();
    const refusal = Object.assign(new Error('Hair Cut has upcoming bookings: cancel them first'), { status: 409 });
    render(<DeleteServiceDialog service={{ _id: 's1', name: 'Hair Cut' }} onDelete={() => Promise.reject(refusal)} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Hair Cut has upcoming bookings: cancel them first'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a delete that got no answer says what to do', async () => {
    const noAnswer = Object.assign(new Error('Something went wrong'), { status: 0 });
    render(<DeleteServiceDialog service={{ _id: 's1', name: 'Hair Cut' }} onDelete={() => Promise.reject(noAnswer)} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to delete service. Check your connection and try again.'));
  });

  it('Cancel closes without deleting', async () => {
    const onDelete = vi.fn();
    const onClose = vi.fn();
    render(<DeleteServiceDialog service={{ _id: 's1', name: 'Hair Cut' }} onDelete={onDelete} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();
  });
});
