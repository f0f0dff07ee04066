import {
  allSlotsGone,
  BOOKING_MESSAGES,
  bookingFailedMessage,
  buildBookingPayload,
  DEFAULT_TIME_SLOTS,
  emptyBookingForm,
  newIdempotencyKey,
  slotOpen,
  validateBooking,
  type BookingFormValues,
  type DayAvailability,
} from './booking';
import { addDays, businessDate, businessInstant } from './business-time';
import { displayTime, formatTime12, formatTime24, parseTimeLabel, sameTime } from './time-slots';
import { averageRating, REVIEW_MESSAGES, validateReview } from './review-form';

const NOW = new Date('2026-11-21T04:45:00Z'); // 10:15 IST

const valid = (): BookingFormValues => ({
  ...emptyBookingForm(),
  date: '2026-11-22',
  time: '09:00',
  customerName: 'Asha Rao',
  customerEmail: 'asha@example.com',
  customerPhone: '+91 98765-43210',
  customerAddress: '12 MG Road, Pune',
});

describe('validateBooking, in spec order', () => {
  it('accepts a complete form', () => {
    expect(validateBooking(valid(), true)).toBeNull();
  });

  it('1. date and time are required', () => {
    expect(validateBooking({ ...valid(), date: '' }, true)).toBe('Please select both a date and time for your appointment');
    expect(validateBooking({ ...valid(), time: '' }, true)).toBe(BOOKING_MESSAGES.dateTime);
  });

  it('2. phone: non-digits stripped, 10 to 15 digits', () => {
    const msg = 'Please enter a valid phone number (at least 10 digits)';
    expect(validateBooking({ ...valid(), customerPhone: '98765-43210' }, true)).toBeNull();
    expect(validateBooking({ ...valid(), customerPhone: '9876-5432-1' }, true)).toBe(msg);
    expect(validateBooking({ ...valid(), customerPhone: '123456789012345' }, true)).toBeNull();
    expect(validateBooking({ ...valid(), customerPhone: '1234567890123456' }, true)).toBe(msg);
    expect(validateBooking({ ...valid(), customerPhone: '' }, true)).toBe(msg);
  });

  it('3. address is required', () => {
    expect(validateBooking({ ...valid(), customerAddress: '  ' }, true)).toBe('Please enter your address');
  });

  it('4. a login token is required', () => {
    expect(validateBooking(valid(), false)).toBe('You must be logged in to book an appointment');
  });

  it('reports the earliest failing rule', () => {
    expect(validateBooking({ ...emptyBookingForm() }, false)).toBe(BOOKING_MESSAGES.dateTime);
    expect(validateBooking({ ...valid(), customerPhone: '1', customerAddress: '' }, false)).toBe(BOOKING_MESSAGES.phone);
    expect(validateBooking({ ...valid(), customerAddress: '' }, false)).toBe(BOOKING_MESSAGES.address);
  });

  it('other booking messages', () => {
    expect(BOOKING_MESSAGES.allGone).toBe('All available slots for the next 10 days have passed or are fully booked.');
    expect(BOOKING_MESSAGES.noService).toBe('No service ID available for booking');
    expect(BOOKING_MESSAGES.profile).toBe('Could not fetch user profile');
    expect(bookingFailedMessage('This time slot is already booked')).toBe('Failed to book appointment: This time slot is already booked');
    expect(bookingFailedMessage('')).toBe('Failed to book appointment: Please try again.');
    expect(bookingFailedMessage(undefined)).toBe('Failed to book appointment: Please try again.');
  });

  it('builds the create payload with trimmed text', () => {
    expect(buildBookingPayload('svc1', { ...valid(), notes: '  First visit ', customerName: ' Asha Rao ' })).toEqual({
      serviceId: 'svc1',
      date: '2026-11-22',
      time: '09:00',
      notes: 'First visit',
      customerName: 'Asha Rao',
      customerEmail: 'asha@example.com',
      customerPhone: '+91 98765-43210',
      customerAddress: '12 MG Road, Pune',
    });
  });

  it('a new Idempotency-Key per attempt', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});

describe('slots (fixed clock)', () => {
  const day = (date: string, ...slots: Array<[string, boolean]>): DayAvailability => ({
    date,
    slots: slots.map(([time, available]) => ({ time, available, startsAt: (businessInstant(date, time) as Date).toISOString() })),
  });

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

  it('has the eleven default slots of spec §9', () => {
    expect(DEFAULT_TIME_SLOTS).toHaveLength(11);
    expect(DEFAULT_TIME_SLOTS[0]).toBe('8:00 AM');
    expect(DEFAULT_TIME_SLOTS[10]).toBe('5:30 PM');
  });
});

describe('time labels and business time', () => {
  it('reads 12- and 24-hour labels', () => {
    expect(parseTimeLabel('9:00 AM')).toBe(540);
    expect(parseTimeLabel('12:00 AM')).toBe(0);
    expect(parseTimeLabel('12:30 PM')).toBe(750);
    expect(parseTimeLabel('14:30')).toBe(870);
    expect(parseTimeLabel('9')).toBeNull();
    expect(parseTimeLabel('25:00')).toBeNull();
    expect(parseTimeLabel('13:00 PM')).toBeNull();
    expect(formatTime12(870)).toBe('2:30 PM');
    expect(formatTime24(540)).toBe('09:00');
    expect(displayTime('14:30')).toBe('2:30 PM');
    expect(displayTime('soon')).toBe('soon');
    expect(sameTime('9:00 AM', '09:00')).toBe(true);
  });

  it('business dates and instants are in IST', () => {
    expect(businessDate(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22');
    expect(businessInstant('2026-11-22', '9:00 AM')?.toISOString()).toBe('2026-11-22T03:30:00.000Z');
    expect(addDays('2026-11-30', 2)).toBe('2026-12-02');
  });
});

describe('review form', () => {
  it('rating is required, 1 to 5', () => {
    expect(validateReview({ rating: 0, comment: 'Very good' })).toBe('Please select a rating');
    expect(validateReview({ rating: 6, comment: 'Very good' })).toBe(REVIEW_MESSAGES.rating);
    expect(validateReview({ rating: 5, comment: 'Very good' })).toBeNull();
  });

  it('comment at least 5 characters after trimming', () => {
    expect(validateReview({ rating: 4, comment: '   good   ' })).toBe('Please enter a comment (minimum 5 characters)');
    expect(validateReview({ rating: 4, comment: ' great ' })).toBeNull();
  });

  it('rating is checked before the comment', () => {
    expect(validateReview({ rating: 0, comment: '' })).toBe(REVIEW_MESSAGES.rating);
  });

  it('thanks and averages', () => {
    expect(REVIEW_MESSAGES.thanks).toBe('Thank you for your review!');
    expect(averageRating([{ rating: 4 }, { rating: 5 }])).toBe(4.5);
    expect(averageRating([])).toBe(0);
  });
});
