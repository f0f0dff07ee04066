import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog } from './Dialog';

function Opener({ confirm = false }: { confirm?: boolean }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Button variant="secondary">Elsewhere</Button>
      {done && <p>confirmed</p>}
      {open &&
        (confirm ? (
          <ConfirmDialog title="Delete service?" confirmLabel="Delete" onConfirm={() => {
              setDone(true);
              setOpen(false);
            }} onCancel={() => setOpen(false)}>
            <p>It cannot be undone.</p>
          </ConfirmDialog>
        ) : (
          <Dialog title="Details" onClose={() => setOpen(false)}>
            <input aria-label="First" />
            <input aria-label="Second" />
          </Dialog>
        ))}
    </>
  );
}

describe('Dialog', () => {
  it('is a named modal dialog that keeps focus inside and gives it back on Escape', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Tab cycles inside: close button, first, second, back to the close button.
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));
  });

  it('the close button closes it', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('is an alert dialog: Cancel has the focus, Escape cancels, the confirm button confirms', async () => {
    const user = userEvent.setup();
    render(<Opener confirm />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete service?' });
    expect(dialog.textContent).toContain('It cannot be undone.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('confirmed')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('confirmed')).toBeTruthy();
  });
});
