import {
  AUTH_MESSAGES,
  buildLoginPayload,
  buildRegisterPayload,
  emptyAuthForm,
  validateAuthForm,
  type AuthFormValues,
} from './auth-form';

const TODAY = new Date(2026, 10, 21); // 21 Nov 2026

const validLogin = (): AuthFormValues => ({
  ...emptyAuthForm(),
  email: 'asha@example.com',
  password: 'secret1',
});

const validCustomer = (): AuthFormValues => ({
  ...validLogin(),
  confirmPassword: 'secret1',
  fullName: 'Asha Rao',
  phoneNumber: '9876543210',
  address: '12 MG Road, Pune',
  gender: 'female',
});

const validProvider = (): AuthFormValues => ({
  ...validCustomer(),
  role: 'provider',
  businessName: 'Rao Clinic',
  businessLocation: 'Pune',
});

describe('validateAuthForm — login mode', () => {
  it('accepts a filled login form', () => {
    expect(validateAuthForm('login', validLogin(), TODAY)).toBeNull();
  });

  it('1. email is required', () => {
    expect(validateAuthForm('login', { ...validLogin(), email: '' }, TODAY)).toBe(
      'All fields are required.',
    );
    expect(validateAuthForm('login', { ...validLogin(), email: '   ' }, TODAY)).toBe(
      AUTH_MESSAGES.required,
    );
  });

  it('1. password is required', () => {
    expect(validateAuthForm('login', { ...validLogin(), password: '' }, TODAY)).toBe(
      'All fields are required.',
    );
  });

  it('does not need confirm password or register fields', () => {
    expect(validateAuthForm('login', { ...validLogin(), confirmPassword: '' }, TODAY)).toBeNull();
  });

  it("2. email must contain '@'", () => {
    expect(validateAuthForm('login', { ...validLogin(), email: 'asha.example.com' }, TODAY)).toBe(
      'Please enter a valid email address',
    );
  });

  it('required beats email format', () => {
    expect(
      validateAuthForm('login', { ...validLogin(), email: 'nope', password: '' }, TODAY),
    ).toBe(AUTH_MESSAGES.required);
  });
});

describe('validateAuthForm — register mode, in spec order', () => {
  it('accepts a complete customer and provider', () => {
    expect(validateAuthForm('register', validCustomer(), TODAY)).toBeNull();
    expect(validateAuthForm('register', validProvider(), TODAY)).toBeNull();
  });

  it('1. email, password and confirm password are required', () => {
    for (const field of ['email', 'password', 'confirmPassword'] as const) {
      expect(validateAuthForm('register', { ...validCustomer(), [field]: '' }, TODAY)).toBe(
        'All fields are required.',
      );
    }
  });

  it("2. email must contain '@'", () => {
    expect(validateAuthForm('register', { ...validCustomer(), email: 'asha' }, TODAY)).toBe(
      'Please enter a valid email address',
    );
  });

  it('3. full name is required', () => {
    expect(validateAuthForm('register', { ...validCustomer(), fullName: ' ' }, TODAY)).toBe(
      'Full name is required.',
    );
  });

  it('4. phone number is required', () => {
    expect(validateAuthForm('register', { ...validCustomer(), phoneNumber: '' }, TODAY)).toBe(
      'Phone number is required.',
    );
  });

  it('5. address is required', () => {
    expect(validateAuthForm('register', { ...validCustomer(), address: '' }, TODAY)).toBe(
      'Address is required.',
    );
  });

  it('6. gender must be selected', () => {
    expect(validateAuthForm('register', { ...validCustomer(), gender: '' }, TODAY)).toBe(
      'Please select your gender.',
    );
  });

  it('7. passwords must match', () => {
    expect(
      validateAuthForm('register', { ...validCustomer(), confirmPassword: 'secret2' }, TODAY),
    ).toBe('Passwords do not match.');
  });

  it('8. password must be at least 6 characters', () => {
    expect(
      validateAuthForm(
        'register',
        { ...validCustomer(), password: '12345', confirmPassword: '12345' },
        TODAY,
      ),
    ).toBe('Password must be at least 6 characters long.');
    expect(
      validateAuthForm(
        'register',
        { ...validCustomer(), password: '123456', confirmPassword: '123456' },
        TODAY,
      ),
    ).toBeNull();
  });

  it('9. providers need a business name', () => {
    expect(validateAuthForm('register', { ...validProvider(), businessName: '' }, TODAY)).toBe(
      'Business name is required for service providers.',
    );
  });

  it('10. providers need a business location', () => {
    expect(
      validateAuthForm('register', { ...validProvider(), businessLocation: ' ' }, TODAY),
    ).toBe('Business location is required for service providers.');
  });

  it('customers need no business fields', () => {
    expect(
      validateAuthForm(
        'register',
        { ...validCustomer(), businessName: '', businessLocation: '' },
        TODAY,
      ),
    ).toBeNull();
  });

  it('11. date of birth: under 10 years is refused', () => {
    expect(
      validateAuthForm('register', { ...validCustomer(), dateOfBirth: '2016-11-22' }, TODAY),
    ).toBe('You must be at least 10 years old to register.');
    expect(
      validateAuthForm('register', { ...validCustomer(), dateOfBirth: '2016-11-21' }, TODAY),
    ).toBeNull();
  });

  it('12. date of birth: over 120 years is refused', () => {
    expect(
      validateAuthForm('register', { ...validCustomer(), dateOfBirth: '1905-11-20' }, TODAY),
    ).toBe('Please enter a valid date of birth.');
    expect(
      validateAuthForm('register', { ...validCustomer(), dateOfBirth: '1906-11-21' }, TODAY),
    ).toBeNull();
  });

  it('date of birth is optional', () => {
    expect(validateAuthForm('register', { ...validCustomer(), dateOfBirth: '' }, TODAY)).toBeNull();
  });

  it('reports the earliest failing rule first', () => {
    const everythingWrong: AuthFormValues = {
      ...emptyAuthForm('provider'),
      email: 'x',
      password: '1',
      confirmPassword: '2',
      dateOfBirth: '2025-01-01',
    };
    const steps: Array<[Partial<AuthFormValues>, string]> = [
      [{}, AUTH_MESSAGES.email],
      [{ email: 'x@y.z' }, AUTH_MESSAGES.fullName],
      [{ fullName: 'A' }, AUTH_MESSAGES.phone],
      [{ phoneNumber: '1' }, AUTH_MESSAGES.address],
      [{ address: 'a' }, AUTH_MESSAGES.gender],
      [{ gender: 'other' }, AUTH_MESSAGES.mismatch],
      [{ confirmPassword: '1' }, AUTH_MESSAGES.passwordLength],
      [{ password: '123456', confirmPassword: '123456' }, AUTH_MESSAGES.businessName],
      [{ businessName: 'B' }, AUTH_MESSAGES.businessLocation],
      [{ businessLocation: 'L' }, AUTH_MESSAGES.tooYoung],
      [{ dateOfBirth: '1800-01-01' }, AUTH_MESSAGES.invalidDob],
    ];
    let form = everythingWrong;
    for (const [fix, expected] of steps) {
      form = { ...form, ...fix };
      expect(validateAuthForm('register', form, TODAY)).toBe(expected);
    }
    form = { ...form, dateOfBirth: '' };
    expect(validateAuthForm('register', form, TODAY)).toBeNull();
  });
});

describe('payloads', () => {
  it('trims text and omits an empty date of birth and businessInfo for customers', () => {
    const p = buildRegisterPayload({ ...validCustomer(), fullName: '  Asha Rao ', email: ' a@b.c ' });
    expect(p).toEqual({
      email: 'a@b.c',
      password: 'secret1',
      fullName: 'Asha Rao',
      phoneNumber: '9876543210',
      address: '12 MG Road, Pune',
      gender: 'female',
      role: 'customer',
    });
  });

  it('adds dateOfBirth when filled and businessInfo for providers', () => {
    const p = buildRegisterPayload({
      ...validProvider(),
      dateOfBirth: '1990-05-04',
      businessDescription: ' Family clinic ',
      businessCategory: 'healthcare',
      businessHours: '9-5',
    });
    expect(p.dateOfBirth).toBe('1990-05-04');
    expect(p.businessInfo).toEqual({
      businessName: 'Rao Clinic',
      businessDescription: 'Family clinic',
      businessCategory: 'healthcare',
      businessHours: '9-5',
      location: 'Pune',
    });
  });

  it('login payload carries email, password and role', () => {
    expect(buildLoginPayload({ ...validLogin(), role: 'provider' })).toEqual({
      email: 'asha@example.com',
      password: 'secret1',
      role: 'provider',
    });
  });
});
