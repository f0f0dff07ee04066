import {
  buildServicePayload,
  generateSlots,
  isValidImageUrl,
  mergeSlots,
  SERVICE_FORM_MESSAGES as M,
  serviceFormFromService,
  splitLocation,
  validateServiceForm,
  type ServiceFormValues,
} from './service-form';
import { aService } from '@slotwise/shared-testing';

const valid = (): ServiceFormValues => ({
  name: 'Dental check-up',
  category: 'Healthcare & Wellness',
  description: 'Thorough and friendly',
  price: '499',
  duration: '30',
  provider: 'Smile Clinic',
  address: '12 MG Road',
  city: 'Bengaluru',
  contact: '9876543210',
  imageUrl: '',
  timeSlots: ['09:00', '09:30'],
  minNoticeMinutes: '120',
  bufferMinutes: '15',
});

const check = (mod: Partial<ServiceFormValues>) => validateServiceForm({ ...valid(), ...mod });

describe('validateServiceForm', () => {
  it('accepts a complete form', () => {
    expect(validateServiceForm(valid())).toBeNull();
    expect(check({ price: '0', duration: '5', contact: 'desk@smile.example', imageUrl: 'https://img.example/a.png' })).toBeNull();
  });

  it.each<[string, Partial<ServiceFormValues>, string]>([
    ['name', { name: '   ' }, M.name],
    ['description', { description: '' }, M.description],
    ['company', { provider: ' ' }, M.company],
    ['address', { address: '' }, M.address],
    ['city', { city: '' }, M.city],
    ['contact', { contact: '' }, M.contact],
    ['contact 9 digits', { contact: '987654321' }, M.contactFormat],
    ['contact 11 digits', { contact: '98765432100' }, M.contactFormat],
    ['contact bad email', { contact: 'desk@clinic' }, M.contactFormat],
    ['price empty', { price: '' }, M.price],
    ['price negative', { price: '-1' }, M.price],
    ['price not a number', { price: '12abc' }, M.price],
    ['duration empty', { duration: '' }, M.duration],
    ['duration 4', { duration: '4' }, M.duration],
    ['category', { category: '' }, M.category],
    ['image url', { imageUrl: 'not a url' }, M.imageUrl],
    // eslint-disable-next-line no-script-url -- the rule under test refuses exactly this
    ['image url scheme', { imageUrl: 'javascript:alert(1)' }, M.imageUrl],
    ['no slots', { timeSlots: [] }, M.slots],
  ])('%s', (_, mod, msg) => {
    expect(check(mod)).toBe(msg);
  });

  it('reports the first failing rule in the spec order', () => {
    expect(validateServiceForm({ ...valid(), name: '', description: '', price: '' })).toBe(M.name);
    expect(check({ contact: 'x', price: '-5' })).toBe(M.contactFormat);
    expect(check({ duration: '0', category: '' })).toBe(M.duration);
    expect(check({ imageUrl: 'nope', timeSlots: [] })).toBe(M.imageUrl);
    expect(check({ address: '', city: '' })).toBe(M.address);
    expect(check({ price: '-1', duration: '1' })).toBe(M.price);
  });

  it('has the exact messages of docs/product.md#validation', () => {
    expect(M).toMatchObject({
      name: 'Service name is required',
      description: 'Description is required',
      company: 'Company name is required',
      address: 'Address is required',
      city: 'City is required',
      contact: 'Contact is required',
      contactFormat: 'Enter a valid email or 10-digit phone number',
      price: 'Price must be a positive number',
      duration: 'Duration must be at least 5 minutes',
      category: 'Category is required',
      imageUrl: 'Enter a valid image URL',
      slots: 'At least one time slot is required',
      slotRange: 'Enter valid time range and slot duration',
      slotOrder: 'Start time must be before end time',
    });
  });
});

describe('payload', () => {
  it('trims text, sends numbers and joins address and city', () => {
    expect(buildServicePayload({ ...valid(), name: ' Dental ', price: '499', address: ' 12 MG Road ', city: ' Bengaluru ' })).toEqual({
      name: 'Dental',
      category: 'Healthcare & Wellness',
      description: 'Thorough and friendly',
      price: 499,
      duration: 30,
      provider: 'Smile Clinic',
      location: '12 MG Road, Bengaluru',
      contact: '9876543210',
      imageUrl: '',
      timeSlots: ['09:00', '09:30'],
      minNoticeMinutes: 120,
      bufferMinutes: 15,
    });
  });

  it('splits a location at its last comma and fills the edit form', () => {
    expect(splitLocation('4th Cross, Indiranagar, Bengaluru')).toEqual({ address: '4th Cross, Indiranagar', city: 'Bengaluru' });
    expect(splitLocation('Pune')).toEqual({ address: 'Pune', city: '' });
    const s = aService({ name: 'A', category: 'Others', description: 'd', price: 0, duration: 5, provider: 'P', location: 'X Road, Pune', contact: 'a@b.co', timeSlots: ['10:00'], minNoticeMinutes: 240, bufferMinutes: 30 });
    const f = serviceFormFromService(s);
    expect(f).toMatchObject({ price: '0', duration: '5', address: 'X Road', city: 'Pune', timeSlots: ['10:00'], minNoticeMinutes: '240', bufferMinutes: '30' });
    expect(validateServiceForm(f)).toBeNull();
  });

  it('accepts only http(s) image URLs', () => {
    expect(isValidImageUrl('https://a.example/x.png')).toBe(true);
    expect(isValidImageUrl('ftp://a.example/x.png')).toBe(false);
    expect(isValidImageUrl('a.example/x.png')).toBe(false);
  });
});

describe('generateSlots', () => {
  it('runs from start up to but excluding end, by the slot length, in 24-hour HH:MM', () => {
    expect(generateSlots('09:00', '11:00', 30)).toEqual({ slots: ['09:00', '09:30', '10:00', '10:30'] });
    expect(generateSlots('09:00', '10:40', 45)).toEqual({ slots: ['09:00', '09:45', '10:30'] });
    expect(generateSlots('13:15', '14:00', '15')).toEqual({ slots: ['13:15', '13:30', '13:45'] });
    expect(generateSlots('9:00', '9:05', 5)).toEqual({ slots: ['09:00'] });
  });

  it('needs start, end and a slot length above 0', () => {
    expect(generateSlots('', '11:00', 30)).toEqual({ error: M.slotRange });
    expect(generateSlots('09:00', '', 30)).toEqual({ error: M.slotRange });
    expect(generateSlots('09:00', '11:00', 0)).toEqual({ error: M.slotRange });
    expect(generateSlots('09:00', '11:00', -15)).toEqual({ error: M.slotRange });
    expect(generateSlots('09:00', '11:00', '')).toEqual({ error: M.slotRange });
    expect(generateSlots('25:00', '26:00', 30)).toEqual({ error: M.slotRange });
  });

  it('needs start before end', () => {
    expect(generateSlots('11:00', '09:00', 30)).toEqual({ error: M.slotOrder });
    expect(generateSlots('09:00', '09:00', 30)).toEqual({ error: M.slotOrder });
  });

  it('merges new slots into the chosen ones without duplicates, in time order', () => {
    expect(mergeSlots(['14:00', '09:00'], ['09:00', '09:30'])).toEqual(['09:00', '09:30', '14:00']);
  });
});
