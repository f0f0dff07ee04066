import { anAppointment } from '@slotwise/shared-testing';
import { averageDuration, pendingRequests, providerStats, providerUpcoming } from './provider-home-rules';

const now = new Date('2026-11-21T12:00:00+05:30'); // 21 Nov 2026, noon in the business zone

describe('provider home upcoming', () => {
  it('keeps future scheduled, confirmed or pending, sorted by start, first 3', () => {
    const list = [
      anAppointment({ date: '2026-11-25', time: '10:00', status: 'confirmed' }),
      anAppointment({ date: '2026-11-21', time: '11:00', status: 'scheduled' }), // already started
      anAppointment({ date: '2026-11-22', time: '09:00', status: 'pending' }),
      anAppointment({ date: '2026-11-23', time: '09:00', status: 'cancelled' }),
      anAppointment({ date: '2026-11-24', time: '09:00', status: 'completed' }),
      anAppointment({ date: '2026-11-21', time: '13:00', status: 'scheduled' }),
      anAppointment({ date: '2026-11-30', time: '13:00', status: 'confirmed' }),
      anAppointment({ date: '2026-11-22', time: '10:00', status: 'pending', serviceName: 'Unknown Service' }),
    ];
    expect(providerUpcoming(list, now).map((a) => `${a.date} ${a.time}`)).toEqual([
      '2026-11-21 13:00',
      '2026-11-22 09:00',
      '2026-11-25 10:00',
    ]);
  });

});

describe('stats and the pending queue', () => {
  const list = [
    anAppointment({ date: '2026-11-21', time: '09:00', status: 'completed' }),
    anAppointment({ date: '2026-11-21', time: '15:00', status: 'scheduled' }),
    anAppointment({ date: '2026-11-22', time: '09:00', status: 'confirmed' }),
    anAppointment({ date: '2026-11-20', time: '09:00', status: 'no-show' }),
    anAppointment({ date: '2026-11-23', time: '09:00', status: 'rejected' }),
    anAppointment({ date: '2026-11-24', time: '09:00', status: 'cancelled' }),
  ];
  it('stats and the pending queue', () => {
    expect(providerStats(list, now)).toEqual({ today: 2, noShows: 1, pending: 0, completed: 1 });
    const p = [anAppointment({ date: '2026-11-26', time: '09:00', status: 'pending' }), anAppointment({ date: '2026-11-25', time: '09:00', status: 'pending' }), anAppointment({ date: '2026-11-25', time: '10:00', status: 'scheduled' })];
    expect(pendingRequests(p).map((a) => a.date)).toEqual(['2026-11-25', '2026-11-26']);
  });
});

describe('average duration', () => {
  it('is the rounded mean of the service durations, 0 without services', () => {
    expect(averageDuration([{ duration: 30 }, { duration: 45 }])).toBe(38);
    expect(averageDuration([{ duration: 60 }, { duration: 30 }, { duration: 45 }])).toBe(45);
    expect(averageDuration([])).toBe(0);
  });
});
