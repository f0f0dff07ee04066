// The profile form (docs/product.md#screens-and-routes, #validation): its values from the stored user, its checks in the documented
// order and the PUT /auth/profile body.
import type { ProfileUpdateRequest, Role, User } from '@slotwise/shared-contract';
import { ageOn, MAX_AGE, MIN_AGE, parseIsoDate } from '@slotwise/shared-util';

export const PROFILE_SUCCESS_MS = 3000;
export const PROFILE_ERROR_MS = 5000;

export interface ProfileFormValues {
  fullName: string;
  email: string;
  phoneNumber: string;
  dateOfBirth: string;
  gender: string;
  address: string;
  businessName: string;
  businessDescription: string;
  businessCategory: string;
  businessHours: string;
  location: string;
  /** comma-separated in the form */
  specializations: string;
  /** years, as typed */
  experience: string;
  /** asked for only when the email changes (the server refuses the change without it) */
  currentPassword: string;
  /** notifications are also mailed (notification-svc; on by default) */
  emailNotifications: boolean;
}

export const PROFILE_MESSAGES = {
  email: 'Please enter a valid email address',
  tooYoung: `You must be at least ${MIN_AGE} years old.`,
  invalidDob: 'Please enter a valid date of birth.',
  experience: 'Experience must be a number of 0 or more years.',
  // The server's message for the same rule (auth-svc).
  currentPassword: 'Please enter your current password to change your email.',
} as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function profileFormFromUser(u: User): ProfileFormValues {
  const p = u.providerInfo;
  return {
    fullName: u.fullName ?? '',
    email: u.email ?? '',
    phoneNumber: u.phoneNumber ?? '',
    dateOfBirth: u.dateOfBirth ?? '',
    gender: u.gender ?? '',
    address: u.address ?? '',
    businessName: p?.businessName ?? '',
    businessDescription: p?.businessDescription ?? '',
    businessCategory: p?.businessCategory ?? '',
    businessHours: p?.businessHours ?? '',
    location: p?.location ?? '',
    specializations: (p?.specializations ?? []).join(', '),
    experience: p ? String(p.experience ?? 0) : '',
    currentPassword: '',
    emailNotifications: u.emailNotifications ?? true,
  };
}

/** Whether the form moves the account to another email (compared as the server stores emails). */
export function emailChanged(v: ProfileFormValues, storedEmail: string): boolean {
  return v.email.trim().toLowerCase() !== storedEmail.trim().toLowerCase();
}

/**
 * Profile save checks of docs/product.md#validation, in order, then the current password when the email changes
 * from storedEmail; null when valid.
 */
export function validateProfileForm(
  v: ProfileFormValues,
  role: Role,
  today: Date = new Date(),
  storedEmail: string = v.email,
): string | null {
  if (!EMAIL_RE.test(v.email.trim())) return PROFILE_MESSAGES.email;
  if (v.dateOfBirth.trim() !== '') {
    const birth = parseIsoDate(v.dateOfBirth);
    if (!birth) return PROFILE_MESSAGES.invalidDob;
    const age = ageOn(birth, today);
    if (age < MIN_AGE) return PROFILE_MESSAGES.tooYoung;
    if (age > MAX_AGE) return PROFILE_MESSAGES.invalidDob;
  }
  if (role === 'provider' && v.experience.trim() !== '') {
    const n = Number(v.experience);
    if (!Number.isFinite(n) || n < 0) return PROFILE_MESSAGES.experience;
  }
  if (emailChanged(v, storedEmail) && v.currentPassword === '') return PROFILE_MESSAGES.currentPassword;
  return null;
}

/**
 * PUT /auth/profile body: personal fields, the current password when one was typed (only asked
 * for when the email changes), plus businessInfo for providers (specializations split on commas).
 */
export function buildProfilePayload(v: ProfileFormValues, role: Role): ProfileUpdateRequest {
  const payload: ProfileUpdateRequest = {
    fullName: v.fullName.trim(),
    email: v.email.trim(),
    phoneNumber: v.phoneNumber.trim(),
    dateOfBirth: v.dateOfBirth.trim(),
    gender: v.gender,
    address: v.address.trim(),
    emailNotifications: v.emailNotifications,
  };
  if (v.currentPassword !== '') payload.currentPassword = v.currentPassword;
  if (role === 'provider') {
    payload.businessInfo = {
      businessName: v.businessName.trim(),
      businessDescription: v.businessDescription.trim(),
      businessCategory: v.businessCategory.trim(),
      businessHours: v.businessHours.trim(),
      location: v.location.trim(),
      specializations: v.specializations
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
      experience: v.experience.trim() === '' ? 0 : Number(v.experience),
    };
  }
  return payload;
}
