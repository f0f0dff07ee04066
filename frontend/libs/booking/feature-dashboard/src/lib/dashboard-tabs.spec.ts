import { appointmentsAroundFixedNow, FIXED_NOW, ids } from '@slotwise/shared-testing';
import { historyList, inTab, recentBookings, tabList } from './dashboard-tabs';

const { future, laterToday, earlierToday, pending, pastScheduled, completed, noShow, cancelled, rejected, unknown, all } = appointmentsAroundFixedNow();
const NOW = FIXED_NOW;

describe('dashboard tabs (fixed clock)', () => {
  it('Upcoming: open and in the future; pending counts for the customer', () => {
    expect(ids(tabList(all, 'Upcoming', NOW))).toEqual(ids([laterToday, future, pending]));
  });

  it('Today: the date equals today', () => {
    expect(ids(tabList(all, 'Today', NOW))).toEqual(ids([earlierToday, laterToday]));
  });

  it('Scheduled: status scheduled and not yet past', () => {
    expect(ids(tabList(all, 'Scheduled', NOW))).toEqual(ids([future]));
  });

  it('Past: completed (as displayed) or no-show, most recent first', () => {
    expect(ids(tabList(all, 'Past', NOW))).toEqual(ids([earlierToday, pastScheduled, completed, noShow]));
  });

  it('Cancelled: cancelled or rejected', () => {
    expect(ids(tabList(all, 'Cancelled', NOW))).toEqual(ids([cancelled, rejected]));
  });

  it('All: every one except Unknown Service, soonest first', () => {
    const list = tabList(all, 'All', NOW);
    expect(list).toHaveLength(all.length - 1);
    expect(ids(list)).not.toContain(unknown._id);
    expect(list[0]._id).toBe(noShow._id);
  });

  it('inTab for the provider role too', () => {
    expect(inTab(pending, 'Upcoming', NOW, 'provider')).toBe(true);
    expect(inTab(cancelled, 'Upcoming', NOW, 'provider')).toBe(false);
  });

  it('history: earlier dates or closed statuses, most recent first', () => {
    expect(ids(historyList(all, NOW))).toEqual(ids([rejected, cancelled, earlierToday, pastScheduled, completed, noShow]));
  });

  it('recent bookings: newest booking first, five at most', () => {
    const r = recentBookings(all);
    expect(r).toHaveLength(5);
    for (let i = 1; i < r.length; i++) expect((r[i - 1].createdAt ?? '') >= (r[i].createdAt ?? '')).toBe(true);
  });
});
