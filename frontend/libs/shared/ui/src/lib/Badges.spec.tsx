import { render, screen } from '@testing-library/react';
import { Button, buttonClass } from './Button';
import { EmptyState } from './EmptyState';
import { Skeleton } from './Skeleton';
import { StatusBadge } from './StatusBadge';

describe('small primitives', () => {
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
