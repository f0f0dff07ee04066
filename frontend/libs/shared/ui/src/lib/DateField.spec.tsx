import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateField, type DateEntry } from './DateField';

function Harness({ initial = '', min, max, onIso }: { initial?: string; min?: string; max?: string; onIso: (iso: string, entry: DateEntry) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Date of birth"
        value={value}
        min={min}
        max={max}
        onChange={(iso, entry) => {
          setValue(iso);
          onIso(iso, entry);
        }}
      />
      <button type="button" onClick={() => setValue('2026-12-25')}>
        Christmas
      </button>
      <output>{value}</output>
    </>
  );
}

const boxes = () => {
  const group = screen.getByRole('group', { name: 'Date of birth' });
  return {
    group,
    day: screen.getByRole('textbox', { name: 'Day' }),
    month: screen.getByRole('textbox', { name: 'Month' }),
    year: screen.getByRole('textbox', { name: 'Year' }),
  };
};

describe('DateField', () => {
  it('reads a typed date day first and reports it as ISO, read back in words', async () => {
    const user = userEvent.setup();
    const onIso = vi.fn();
    render(<Harness onIso={onIso} />);
    const { day, month, year } = boxes();
    await user.type(day, '12');
    await user.type(month, '04');
    // no date yet, but not an empty field either: an optional field's form must not send "none"
    expect(onIso).toHaveBeenLastCalledWith('', 'unfinished');
    await user.type(year, '2026');
    // 12/04/2026 is 12 April to an en-IN reader, not 4 December.
    expect(onIso).toHaveBeenLastCalledWith('2026-04-12', 'date');
    expect(screen.getByText('Sun, 12 Apr 2026')).toBeTruthy();
  });

  it('takes one-digit days and months and ignores letters', async () => {
    const user = userEvent.setup();
    const onIso = vi.fn();
    render(<Harness onIso={onIso} />);
    const { day, month, year } = boxes();
    await user.type(day, '3');
    await user.type(month, 'x9');
    await user.type(year, '2026');
    expect(month).toHaveProperty('value', '9');
    expect(onIso).toHaveBeenLastCalledWith('2026-09-03', 'date');
  });

  it('refuses an impossible date with a message read with the boxes, and reports no date', async () => {
    const user = userEvent.setup();
    const onIso = vi.fn();
    render(<Harness initial="2026-02-28" onIso={onIso} />);
    const { day, month, year } = boxes();
    await user.clear(day);
    await user.type(day, '31');
    expect(onIso).toHaveBeenLastCalledWith('', 'unfinished');
    const message = 'February 2026 has 28 days: enter a day from 1 to 28.';
    expect(screen.getByText(message)).toBeTruthy();
    for (const b of [day, month, year]) {
      expect(b.getAttribute('aria-invalid')).toBe('true');
      const described = (b.getAttribute('aria-describedby') ?? '').split(' ').map((i) => document.getElementById(i)?.textContent);
      expect(described).toContain(message);
    }
    await user.clear(month);
    await user.type(month, '13');
    expect(screen.getByText('The month is a number from 1 to 12.')).toBeTruthy();
  });

  it('refuses a date outside min and max, naming the bound', async () => {
    const user = userEvent.setup();
    const onIso = vi.fn();
    render(<Harness min="2026-12-06" max="2027-01-31" onIso={onIso} />);
    const { day, month, year } = boxes();
    await user.type(day, '05');
    await user.type(month, '12');
    await user.type(year, '2026');
    expect(screen.getByText('Choose Sun, 6 Dec 2026 or later.')).toBeTruthy();
    expect(onIso).not.toHaveBeenCalledWith('2026-12-05', 'date');
    await user.clear(day);
    await user.type(day, '06');
    expect(onIso).toHaveBeenLastCalledWith('2026-12-06', 'date');
  });

  it('says a half-typed date is incomplete once focus leaves the group, not while typing', async () => {
    const user = userEvent.setup();
    render(<Harness onIso={vi.fn()} />);
    const { day, month } = boxes();
    await user.type(day, '12');
    await user.tab();
    expect(document.activeElement).toBe(month);
    expect(screen.queryByText(/Enter the day, month and year/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Christmas' }));
    // a value from outside refills the boxes and forgets the half-typed one
    expect(day).toHaveProperty('value', '25');
    expect(screen.queryByText(/Enter the day, month and year/)).toBeNull();
    await user.clear(day);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByText('Enter the day, month and year, e.g. 25 12 2026.')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Month' }));
    await user.clear(screen.getByRole('textbox', { name: 'Year' }));
    // all three empty again: no date, and nothing to correct
    expect(screen.queryByText(/Enter the day, month and year/)).toBeNull();
  });

  it('shows the ISO value it is given in the day-first boxes', () => {
    render(<Harness initial="2026-04-12" onIso={vi.fn()} />);
    const { day, month, year } = boxes();
    expect([day, month, year].map((b) => (b as HTMLInputElement).value)).toEqual(['12', '04', '2026']);
  });
});

// A native date input shows the browser's order (12/04/2026 read as 12 April under en-IN):
// docs/adr/0075-day-first-date-field.md. Every screen asks for a date with DateField.
describe('date inputs', () => {
  const root = join(import.meta.dirname, '../../../../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      if (e.name === 'node_modules' || e.name === 'out-tsc' || e.name === 'dist') return [];
      const path = join(dir, e.name);
      if (e.isDirectory()) return sources(path);
      return /\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name) ? [path] : [];
    });

  it('has no native <input type="date"> left in the web app', () => {
    const files = [...sources(join(root, 'libs')), ...sources(join(root, 'apps/web/src'))];
    expect(files.length).toBeGreaterThan(100);
    const native = files.filter((f) => /type=["{']+date["}']/.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(native).toEqual([]);
  });
});
