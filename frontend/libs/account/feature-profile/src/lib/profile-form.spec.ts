import { aProvider } from '@slotwise/shared-testing';
import {
  PROFILE_MESSAGES,
  buildProfilePayload,
  emailChanged,
  profileFormFromUser,
  validateProfileForm,
  type ProfileFormValues,
} from './profile-form';

const TODAY = new Date(2026, 10, 21);

const user = aProvider({ address: 'Indiranagar, Bengaluru', dateOfBirth: '1990-01-15' });

const form = (): ProfileFormValues => profileFormFromUser(user);

describe('validateProfileForm, in spec order', () => {
  it('accepts the stored profile', () => {
    expect(validateProfileForm(form(), 'provider', TODAY)).toBeNull();
  });

  it('1. email must look like an email', () => {
    for (const email of ['', 'ravi', 'ravi@', 'ravi@example', 'a b@c.d']) {
      expect(validateProfileForm({ ...form(), email }, 'provider', TODAY)).toBe(
        'Please enter a valid email address',
      );
    }
  });

  it('2. age at least 10', () => {
    expect(validateProfileForm({ ...form(), dateOfBirth: '2020-01-01' }, 'customer', TODAY)).toBe(
      'You must be at least 10 years old.',
    );
  });

  it('3. age at most 120', () => {
    expect(validateProfileForm({ ...form(), dateOfBirth: '1900-01-01' }, 'customer', TODAY)).toBe(
      'Please enter a valid date of birth.',
    );
  });

  it('date of birth is optional', () => {
    expect(validateProfileForm({ ...form(), dateOfBirth: '' }, 'customer', TODAY)).toBeNull();
  });

  it('4. experience is a number, minimum 0', () => {
    expect(validateProfileForm({ ...form(), experience: '-1' }, 'provider', TODAY)).toBe(
      PROFILE_MESSAGES.experience,
    );
    expect(validateProfileForm({ ...form(), experience: 'abc' }, 'provider', TODAY)).toBe(
      PROFILE_MESSAGES.experience,
    );
    expect(validateProfileForm({ ...form(), experience: '0' }, 'provider', TODAY)).toBeNull();
  });

  it('email is checked before date of birth', () => {
    expect(
      validateProfileForm({ ...form(), email: 'x', dateOfBirth: '2020-01-01' }, 'customer', TODAY),
    ).toBe(PROFILE_MESSAGES.email);
  });
});

describe('the current password, when the email changes', () => {
  it('is asked for only when the email is another one (case and spaces aside)', () => {
    const stored = user.email ?? '';
    expect(emailChanged({ ...form(), email: ` ${stored.toUpperCase()} ` }, stored)).toBe(false);
    expect(emailChanged({ ...form(), email: 'new@example.com' }, stored)).toBe(true);
    expect(validateProfileForm({ ...form(), email: 'new@example.com' }, 'provider', TODAY, stored)).toBe(
      PROFILE_MESSAGES.currentPassword,
    );
    expect(
      validateProfileForm({ ...form(), email: 'new@example.com', currentPassword: 'secret1' }, 'provider', TODAY, stored),
    ).toBeNull();
    expect(validateProfileForm({ ...form(), fullName: 'Other' }, 'provider', TODAY, stored)).toBeNull();
  });

  it('is sent only when typed', () => {
    expect(buildProfilePayload(form(), 'customer').currentPassword).toBeUndefined();
    expect(buildProfilePayload({ ...form(), email: 'new@example.com', currentPassword: 'secret1' }, 'customer').currentPassword).toBe('secret1');
  });
});

describe('buildProfilePayload', () => {
  it('splits specializations on commas and trims them; experience is a number', () => {
    const p = buildProfilePayload(
      { ...form(), specializations: ' brakes ,tyres,, paint ', experience: '8' },
      'provider',
    );
    expect(p.businessInfo?.specializations).toEqual(['brakes', 'tyres', 'paint']);
    expect(p.businessInfo?.experience).toBe(8);
  });

  it('customers send no businessInfo', () => {
    expect(buildProfilePayload(form(), 'customer').businessInfo).toBeUndefined();
  });

  it('sends the email notifications switch as the profile holds it (on by default)', () => {
    expect(form().emailNotifications).toBe(true);
    expect(profileFormFromUser(aProvider({ emailNotifications: false })).emailNotifications).toBe(false);
    expect(buildProfilePayload({ ...form(), emailNotifications: false }, 'customer').emailNotifications).toBe(false);
  });
});
