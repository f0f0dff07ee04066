import { availabilityDay } from '@slotwise/shared-testing';
import { allSlotsGone, slotOpen } from './availability';

const NOW = new Date('2026-11-21T04:45:00Z'); // 10:15 IST

describe('slots (fixed clock)', () => {
  const day = (date: string, ...slots: Array<[string, boolean]>) => availabilityDay(date, ...slots);

  it('a slot is open when free and still ahead', () => {
    const [passed, taken, free] = day('2026-11-21', ['09:00', true], ['14:30', false], ['16:00', true]).slots;
    expect(slotOpen(passed, NOW)).toBe(false);
    expect(slotOpen(taken, NOW)).toBe(false);
    expect(slotOpen(free, NOW)).toBe(true);
  });

  it('warns only when every slot of every day is gone', () => {
    const gone = [day('2026-11-21', ['09:00', true], ['10:00', true]), day('2026-11-22', ['09:00', false])];
    expect(allSlotsGone(gone, NOW)).toBe(true);
    expect(allSlotsGone([...gone, day('2026-11-23', ['09:00', true])], NOW)).toBe(false);
    expect(allSlotsGone([], NOW)).toBe(true);
  });

});
