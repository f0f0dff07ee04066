import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateStrip } from './DateStrip';
import { SlotPicker } from './SlotPicker';
import { Tabs } from './Tabs';

function Slots() {
  const [value, setValue] = useState('');
  return (
    <SlotPicker
      label="Time slots"
      value={value}
      onChange={setValue}
      slots={[
        { value: '09:00', label: '9:00 AM', open: true },
        { value: '10:00', label: '10:00 AM', open: false, reason: 'Already booked' },
        { value: '11:00', label: '11:00 AM', open: true },
      ]}
    />
  );
}

describe('SlotPicker', () => {
  it('one tab stop; arrows skip slots that cannot be picked; the picked slot is pressed', async () => {
    const user = userEvent.setup();
    render(<Slots />);
    const group = screen.getByRole('group', { name: 'Time slots' });
    const taken = screen.getByRole('button', { name: '10:00 AM' }) as HTMLButtonElement;
    expect(taken.disabled).toBe(true);
    expect(taken.title).toBe('Already booked');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '9:00 AM' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '11:00 AM' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: '11:00 AM' }).getAttribute('aria-pressed')).toBe('true');
    expect(group.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });
});

function Dates() {
  const [value, setValue] = useState('2030-01-02');
  return (
    <DateStrip
      label="Dates"
      value={value}
      onChange={setValue}
      dates={[{ date: '2030-01-01', open: false }, { date: '2030-01-02' }, { date: '2030-01-03' }]}
    />
  );
}

describe('DateStrip', () => {
  it('starts the tab stop on the chosen day, moves with the arrows and chooses with Space', async () => {
    const user = userEvent.setup();
    render(<Dates />);
    const day = (d: string) => document.querySelector(`[data-date="${d}"]`) as HTMLButtonElement;
    expect(day('2030-01-02').getAttribute('aria-pressed')).toBe('true');
    // A day without free slots looks muted by its dashed border, its text never faded (contrast ≥ 4.5:1).
    expect(day('2030-01-01').className).toContain('border-dashed');
    expect(day('2030-01-01').className).not.toContain('opacity');
    await user.tab();
    expect(document.activeElement).toBe(day('2030-01-02'));
    await user.keyboard('{ArrowRight}[Space]');
    expect(day('2030-01-03').getAttribute('aria-pressed')).toBe('true');
    expect(day('2030-01-02').getAttribute('aria-pressed')).toBe('false');
    // The strip scrolls inside its own box instead of widening the page.
    expect(screen.getByRole('group', { name: 'Dates' }).className).toContain('overflow-x-auto');
  });
});

function TabBar() {
  const [tab, setTab] = useState<'Upcoming' | 'Past'>('Upcoming');
  return (
    <Tabs label="Bookings" value={tab} onChange={setTab} tabs={[{ value: 'Upcoming', label: 'Upcoming' }, { value: 'Past', label: 'Past' }]}>
      <p>{tab} list</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('a tab list with roving focus; arrows select; the panel is labelled by its tab', async () => {
    const user = userEvent.setup();
    render(<TabBar />);
    expect(screen.getByRole('tablist', { name: 'Bookings' })).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Upcoming' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Past' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Past' }).textContent).toBe('Past list');
  });
});
