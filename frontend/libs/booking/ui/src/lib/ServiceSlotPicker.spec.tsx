import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { availabilityDay, FIXED_NOW } from '@slotwise/shared-testing';
import { ServiceSlotPicker, type SlotChoice } from './ServiceSlotPicker';

// FIXED_NOW: 21 Nov 2026, 10:15 IST. A 15-minute service from 5:30 AM.
const days = [
  availabilityDay('2026-11-21', ['05:30', false], ['10:30', true], ['10:45', false]),
  availabilityDay('2026-11-22', ['05:30', true], ['05:45', true], ['06:00', false]),
  { ...availabilityDay('2026-11-23', ['05:30', false]), closed: true, closedNote: 'Diwali' },
];

function Harness({ after }: { after?: Date }) {
  const [v, setV] = useState<SlotChoice>({ date: '2026-11-22', time: '' });
  return (
    <>
      <ServiceSlotPicker days={days} timeZone="Asia/Kolkata" value={v} onChange={setV} dateLabel="New date" timeLabel="New time" business="Smile Clinic" now={FIXED_NOW} after={after} />
      <output data-testid="choice">{`${v.date} ${v.time}`}</output>
    </>
  );
}

describe('ServiceSlotPicker', () => {
  it('offers the real slots of the chosen day, 5:30 AM included, in a group named with its zone', async () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'New time (IST)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Time slots on Sun, 22 Nov 2026 (IST)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '5:30 AM' }));
    expect(screen.getByTestId('choice').textContent).toBe('2026-11-22 05:30');
    const taken = screen.getByRole('button', { name: '6:00 AM' }) as HTMLButtonElement;
    expect(taken.disabled).toBe(true);
    expect(taken.title).toBe('Already booked');
  });

  it('is one tab stop per group, arrow keys move between the open slots', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '5:30 AM' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('5:45 AM');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('choice').textContent).toBe('2026-11-22 05:45');
  });

  it('changing the day clears the time; a closed day says why', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '5:30 AM' }));
    await userEvent.click(screen.getByRole('button', { name: /23\s*Nov/ }));
    expect(screen.getByTestId('choice').textContent).toBe('2026-11-23 ');
    expect(screen.getByTestId('closed-day').textContent).toBe('Smile Clinic is closed on this day (Diwali). Please choose another day.');
  });

  it('when moving an appointment, a time not after it cannot be picked', () => {
    render(<Harness after={new Date(days[1].slots[0].startsAt)} />);
    const same = screen.getByRole('button', { name: '5:30 AM' }) as HTMLButtonElement;
    expect(same.disabled).toBe(true);
    expect(same.title).toBe('Not after your current appointment');
    expect((screen.getByRole('button', { name: '5:45 AM' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
