import {
  BOOKING_MESSAGES,
  bookingFailedMessage,
  buildBookingPayload,
  emptyBookingForm,
  validateBooking,
  type BookingFormValues,
} from './booking-form';

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

  it('names a team member only when one is chosen ("Anyone available" sends none)', () => {
    expect('staffId' in buildBookingPayload('svc1', valid())).toBe(false);
    expect(buildBookingPayload('svc1', { ...valid(), staffId: 'm1' }).staffId).toBe('m1');
  });
});
