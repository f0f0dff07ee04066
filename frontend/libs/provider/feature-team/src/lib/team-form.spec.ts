import { aStaffMember, anOwner } from '@slotwise/shared-testing';
import { buildMemberPatch, buildMemberRequest, emptyMemberForm, hoursSummary, memberFormOf, TEAM_MESSAGES, timeOptions, validateMember, type MemberFormValues } from './team-form';

const form = (over: Partial<MemberFormValues> = {}): MemberFormValues => ({ ...emptyMemberForm(), name: 'Meera', ...over });
const withDay = (weekday: number, from: string, to: string, on = true) => form({ days: emptyMemberForm().days.map((d) => (d.weekday === weekday ? { ...d, on, from, to } : d)) });

describe('validateMember', () => {
  it('accepts a name with the default week', () => {
    expect(validateMember(form())).toEqual({});
  });

  it('needs a name of at most 80 characters', () => {
    expect(validateMember(form({ name: '  ' })).name).toBe(TEAM_MESSAGES.nameRequired);
    expect(validateMember(form({ name: 'x'.repeat(81) })).name).toBe(TEAM_MESSAGES.nameTooLong);
    expect(validateMember(form({ name: 'x'.repeat(80) })).name).toBeUndefined();
  });

  it('takes no email or a valid one', () => {
    expect(validateMember(form({ email: '' })).email).toBeUndefined();
    expect(validateMember(form({ email: 'meera@example.com' })).email).toBeUndefined();
    expect(validateMember(form({ email: 'meera@' })).email).toBe(TEAM_MESSAGES.email);
  });

  it('a working day ends after it starts; 24:00 is an end, never a start; a day off is not checked', () => {
    expect(validateMember(withDay(1, '17:00', '09:00')).hours).toEqual({ 1: TEAM_MESSAGES.order });
    expect(validateMember(withDay(1, '09:00', '09:00')).hours).toEqual({ 1: TEAM_MESSAGES.order });
    expect(validateMember(withDay(2, '00:00', '24:00')).hours).toBeUndefined();
    expect(validateMember(withDay(2, '24:00', '24:00')).hours).toEqual({ 2: TEAM_MESSAGES.time });
    expect(validateMember(withDay(3, '9:00', '17:00')).hours).toEqual({ 3: TEAM_MESSAGES.time });
    expect(validateMember(withDay(1, '17:00', '09:00', false)).hours).toBeUndefined();
  });

  it('needs one of the offered services ticked (nothing to tick when none is offered)', () => {
    expect(validateMember(form({ serviceIds: [] }), ['s1', 's2']).services).toBe(TEAM_MESSAGES.services);
    expect(validateMember(form({ serviceIds: ['gone'] }), ['s1', 's2']).services).toBe(TEAM_MESSAGES.services);
    expect(validateMember(form({ serviceIds: ['s2'] }), ['s1', 's2'])).toEqual({});
    expect(validateMember(form({ serviceIds: [] }), []).services).toBeUndefined();
  });

  it('needs one working day', () => {
    const allOff = form({ days: emptyMemberForm().days.map((d) => ({ ...d, on: false })) });
    expect(validateMember(allOff).days).toBe(TEAM_MESSAGES.days);
    expect(validateMember(withDay(0, '09:00', '17:00')).days).toBeUndefined();
  });
});

describe('the request', () => {
  it('sends the trimmed name, the email only when given, and one entry per working day (Sunday = 0)', () => {
    const v = form({ name: ' Meera ', email: ' ', serviceIds: ['s1'] });
    const body = buildMemberRequest(v);
    expect(body).toEqual({ name: 'Meera', serviceIds: ['s1'], hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '09:00', to: '17:00' })) });
    expect('email' in body).toBe(false);
    expect(buildMemberRequest(form({ email: 'm@example.com' })).email).toBe('m@example.com');
  });

  it('an edit sends every field, the email as "" to clear it', () => {
    expect(buildMemberPatch(form({ email: '', serviceIds: ['s1'] }))).toEqual({ name: 'Meera', email: '', serviceIds: ['s1'], hours: buildMemberRequest(form()).hours });
  });

  it('an edit never sends an empty array: the server reads it as "unchanged"', () => {
    const body = buildMemberPatch(form({ serviceIds: [], days: emptyMemberForm().days.map((d) => ({ ...d, on: false })) }));
    expect(body).toEqual({ name: 'Meera', email: '' });
  });

  it('an edit starts from the member: their days on, the others off', () => {
    const m = aStaffMember({ hours: [{ weekday: 0, from: '10:00', to: '14:00' }], serviceIds: ['s2'] });
    const v = memberFormOf(m);
    expect(v.days.filter((d) => d.on)).toEqual([{ weekday: 0, on: true, from: '10:00', to: '14:00' }]);
    expect(v.serviceIds).toEqual(['s2']);
    expect(buildMemberRequest(v).hours).toEqual([{ weekday: 0, from: '10:00', to: '14:00' }]);
  });
});

describe('hoursSummary', () => {
  it('groups days with the same hours', () => {
    expect(hoursSummary(anOwner().hours)).toBe('Every day, all day');
    expect(hoursSummary([])).toBe('No working hours');
    expect(
      hoursSummary([
        ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: '09:00', to: '17:00' })),
        { weekday: 6, from: '10:00', to: '14:00' },
      ]),
    ).toBe('Mon–Fri 09:00–17:00 · Sat 10:00–14:00');
    expect(hoursSummary([1, 3].map((weekday) => ({ weekday, from: '09:00', to: '17:00' })))).toBe('Mon 09:00–17:00 · Wed 09:00–17:00');
  });
});

it('time choices run by quarter hours to 24:00 and keep an off-grid current value', () => {
  const all = timeOptions();
  expect(all[0]).toBe('00:00');
  expect(all.at(-1)).toBe('24:00');
  expect(all).toHaveLength(97);
  expect(timeOptions('09:10')).toContain('09:10');
});
