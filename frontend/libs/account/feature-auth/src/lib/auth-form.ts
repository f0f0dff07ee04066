// The login/register form (docs/product.md#validation, #constants): its values, its checks in the documented order and the
// request bodies it sends.
import type { LoginRequest, RegisterRequest, Role } from '@slotwise/shared-contract';
import { ageOn, MAX_AGE, MIN_AGE, parseIsoDate } from '@slotwise/shared-util';

export const MIN_PASSWORD_LENGTH = 6;
export const LOGIN_REDIRECT_MS = 1500;
export const REGISTER_REDIRECT_MS = 2000;
export const ROLE_LOOKUP_DELAY_MS = 1000;

export type AuthMode = 'login' | 'register';

export interface AuthFormValues {
  role: Role;
  email: string;
  password: string;
  confirmPassword: string;
  fullName: string;
  phoneNumber: string;
  address: string;
  gender: string;
  dateOfBirth: string;
  businessName: string;
  businessDescription: string;
  businessCategory: string;
  businessHours: string;
  businessLocation: string;
}

export const emptyAuthForm = (role: Role = 'customer'): AuthFormValues => ({
  role,
  email: '',
  password: '',
  confirmPassword: '',
  fullName: '',
  phoneNumber: '',
  address: '',
  gender: '',
  dateOfBirth: '',
  businessName: '',
  businessDescription: '',
  businessCategory: '',
  businessHours: '',
  businessLocation: '',
});

export const AUTH_MESSAGES = {
  required: 'All fields are required.',
  email: 'Please enter a valid email address',
  fullName: 'Full name is required.',
  phone: 'Phone number is required.',
  address: 'Address is required.',
  gender: 'Please select your gender.',
  mismatch: 'Passwords do not match.',
  passwordLength: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  businessName: 'Business name is required for service providers.',
  businessLocation: 'Business location is required for service providers.',
  tooYoung: `You must be at least ${MIN_AGE} years old to register.`,
  invalidDob: 'Please enter a valid date of birth.',
} as const;

const blank = (s: string) => s.trim() === '';

/**
 * The login/register checks of docs/product.md#validation, in that order. Returns the first failing
 * message, or null when the form may be submitted.
 */
export function validateAuthForm(
  mode: AuthMode,
  v: AuthFormValues,
  today: Date = new Date(),
): string | null {
  if (blank(v.email) || v.password === '' || (mode === 'register' && v.confirmPassword === '')) {
    return AUTH_MESSAGES.required;
  }
  if (!v.email.includes('@')) return AUTH_MESSAGES.email;
  if (mode === 'login') return null;

  if (blank(v.fullName)) return AUTH_MESSAGES.fullName;
  if (blank(v.phoneNumber)) return AUTH_MESSAGES.phone;
  if (blank(v.address)) return AUTH_MESSAGES.address;
  if (blank(v.gender)) return AUTH_MESSAGES.gender;
  if (v.password !== v.confirmPassword) return AUTH_MESSAGES.mismatch;
  if (v.password.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordLength;
  if (v.role === 'provider') {
    if (blank(v.businessName)) return AUTH_MESSAGES.businessName;
    if (blank(v.businessLocation)) return AUTH_MESSAGES.businessLocation;
  }
  if (!blank(v.dateOfBirth)) {
    const birth = parseIsoDate(v.dateOfBirth);
    if (!birth) return AUTH_MESSAGES.invalidDob;
    const age = ageOn(birth, today);
    if (age < MIN_AGE) return AUTH_MESSAGES.tooYoung;
    if (age > MAX_AGE) return AUTH_MESSAGES.invalidDob;
  }
  return null;
}

/** The registration payload of docs/product.md#data: trimmed text, dateOfBirth only if filled, businessInfo for providers. */
export function buildRegisterPayload(v: AuthFormValues): RegisterRequest {
  const payload: RegisterRequest = {
    email: v.email.trim(),
    password: v.password,
    fullName: v.fullName.trim(),
    phoneNumber: v.phoneNumber.trim(),
    address: v.address.trim(),
    gender: v.gender,
    role: v.role,
  };
  if (v.dateOfBirth.trim() !== '') payload.dateOfBirth = v.dateOfBirth.trim();
  if (v.role === 'provider') {
    payload.businessInfo = {
      businessName: v.businessName.trim(),
      businessDescription: v.businessDescription.trim(),
      businessCategory: v.businessCategory.trim(),
      businessHours: v.businessHours.trim(),
      location: v.businessLocation.trim(),
    };
  }
  return payload;
}

export function buildLoginPayload(v: AuthFormValues): LoginRequest {
  return { email: v.email.trim(), password: v.password, role: v.role };
}
