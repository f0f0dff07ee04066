import { render, screen } from '@testing-library/react';
import { Button, buttonClass } from './Button';
import { EmptyState } from './EmptyState';
import { Skeleton } from './Skeleton';
import { StatusBadge } from './StatusBadge';

describe('small primitives', () => {
  it.each(['primary', 'secondary', 'danger', 'success', 'accent', 'danger-outline'] as const)('a disabled %s button looks disabled: grey, muted, flat', (variant) => {
    const cls = buttonClass(variant).split(' ');
    for (const c of ['disabled:bg-slate-200', 'disabled:text-slate-500', 'disabled:border-transparent', 'dark:disabled:bg-slate-700']) expect(cls).toContain(c);
  });

  it('a button never submits by accident and is at least 44 px high (touch screens too for the small size)', () => {
    render(
      <form>
        <Button>Go</Button>
        <Button type="submit" size="sm">
          Send
        </Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Go' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Go' }).className).toContain('min-h-11');
    expect(screen.getByRole('button', { name: 'Send' }).className).toContain('pointer-coarse:min-h-11');
    expect(buttonClass('danger')).toContain('bg-rose-600');
  });

  it('badge, empty state and skeleton', () => {
    render(
      <>
        <StatusBadge tone="success" testId="badge">
          Completed
        </StatusBadge>
        <EmptyState title="No Bookings Yet" action={<a href="/book">Book</a>}>
          Nothing here
        </EmptyState>
        <Skeleton />
      </>,
    );
    expect(screen.getByTestId('badge').textContent).toBe('Completed');
    expect(screen.getByRole('heading', { name: 'No Bookings Yet' })).toBeTruthy();
    expect(screen.getByText('Nothing here')).toBeTruthy();
    expect(screen.getByTestId('skeleton').getAttribute('aria-hidden')).toBe('true');
  });
});
