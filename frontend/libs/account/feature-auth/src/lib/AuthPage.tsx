import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Role } from '@slotwise/shared-contract';
import { GENERIC_ERROR, returnPath, useSession, writeToken } from '@slotwise/shared-data-access';
import { Button, DateField, ErrorBanner, Field, Input, PasswordInput, Select, SuccessBanner, Textarea } from '@slotwise/shared-ui';
import { BUSINESS_CATEGORIES, GENDERS, failureMessage } from '@slotwise/shared-util';
import { login, register, useUserRole } from '../api/auth-api';
import {
  AUTH_MESSAGES,
  LOGIN_REDIRECT_MS,
  REGISTER_REDIRECT_MS,
  ROLE_LOOKUP_DELAY_MS,
  buildLoginPayload,
  buildRegisterPayload,
  emptyAuthForm,
  validateAuthForm,
  type AuthFormValues,
  type AuthMode,
} from './auth-form';

export const MISSING_TOKEN = 'Invalid credentials or missing token';

/** Debounce a value: the lookup runs once typing has paused. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * /login and /register (docs/product.md#screens-and-routes, #states-and-transitions, #validation). The route decides the mode; the toggle link
 * navigates to the other route, and the app keys this component by mode so a mode change
 * clears every field and message.
 */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const isLogin = mode === 'login';
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSession();
  const [values, setValues] = useState<AuthFormValues>(() => emptyAuthForm());
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [dobUnfinished, setDobUnfinished] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Login mode: 1 s after typing stops, look the email's role up and fill it in.
  const debouncedEmail = useDebounced(isLogin ? values.email.trim() : '', ROLE_LOOKUP_DELAY_MS);
  const roleLookup = useUserRole(isLogin ? debouncedEmail : '');
  useEffect(() => {
    const found = roleLookup.data;
    if (isLogin && found) setValues((v) => (v.role === found ? v : { ...v, role: found }));
  }, [isLogin, roleLookup.data]);

  const set =
    (field: keyof AuthFormValues) =>
    (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setError('');
    setSuccess('');
    // A half-typed or impossible date of birth is not "no date of birth": refused, never dropped.
    const problem = validateAuthForm(mode, values) ?? (!isLogin && dobUnfinished ? AUTH_MESSAGES.invalidDob : null);
    if (problem) {
      setError(problem);
      return;
    }
    setSubmitting(true);
    try {
      if (isLogin) {
        const res = await login(buildLoginPayload(values));
        if (!res?.token) {
          setError(MISSING_TOKEN);
          return;
        }
        const token = res.token;
        writeToken(token);
        setSuccess(res.message || 'Login successful!');
        timer.current = setTimeout(() => {
          signIn(token);
          // Back to the page that sent the user here (a booking with its chosen slot), else home.
          navigate(returnPath(location.state), { replace: true });
        }, LOGIN_REDIRECT_MS);
      } else {
        const res = await register(buildRegisterPayload(values));
        setSuccess(res?.message || 'Registration successful! Please log in.');
        timer.current = setTimeout(() => navigate('/login', { state: location.state }), REGISTER_REDIRECT_MS);
      }
    } catch (err) {
      setError(failureMessage(err, GENERIC_ERROR));
    } finally {
      setSubmitting(false);
    }
  };

  const isProvider = values.role === 'provider';

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-800">
        <h1 className="mb-6 text-3xl font-bold">{isLogin ? 'Login' : 'Register'} Here!</h1>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium">I am a</legend>
            <div className="flex gap-3">
              {(['customer', 'provider'] as Role[]).map((r) => (
                <label
                  key={r}
                  className={`flex flex-1 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 ${
                    values.role === r ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950' : 'border-slate-300 dark:border-slate-600'
                  }`}
                >
                  <input type="radio" name="role" value={r} checked={values.role === r} onChange={set('role')} />
                  {r === 'customer' ? 'Customer' : 'Service Provider'}
                </label>
              ))}
            </div>
          </fieldset>

          {!isLogin && (
            <Field label="Full Name" id="fullName">
              <Input value={values.fullName} onChange={set('fullName')} autoComplete="name" />
            </Field>
          )}
          <Field label="Email" id="email">
            <Input type="email" value={values.email} onChange={set('email')} autoComplete="email" />
          </Field>
          {!isLogin && (
            <>
              <Field label="Phone Number" id="phoneNumber">
                <Input type="tel" value={values.phoneNumber} onChange={set('phoneNumber')} autoComplete="tel" />
              </Field>
              <Field label="Address" id="address">
                <Input value={values.address} onChange={set('address')} autoComplete="street-address" />
              </Field>
              <Field label="Gender" id="gender">
                <Select value={values.gender} onChange={set('gender')}>
                  <option value="">Select gender</option>
                  {GENDERS.map((g) => (
                    <option key={g.value} value={g.value}>
                      {g.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <DateField
                label="Date of Birth (optional)"
                hint="Must be at least 10 years old"
                birthday
                value={values.dateOfBirth}
                onChange={(iso, entry) => {
                  setValues((v) => ({ ...v, dateOfBirth: iso }));
                  setDobUnfinished(entry === 'unfinished');
                }}
              />
            </>
          )}
          <Field label="Password" id="password">
            <PasswordInput value={values.password} onChange={set('password')} autoComplete={isLogin ? 'current-password' : 'new-password'} />
          </Field>
          {isLogin && (
            <p className="-mt-2 text-right text-sm">
              <Link to="/forgot-password" className="font-medium text-indigo-600 hover:underline dark:text-indigo-300">
                Forgot password?
              </Link>
            </p>
          )}
          {!isLogin && (
            <Field label="Confirm Password" id="confirmPassword">
              <PasswordInput value={values.confirmPassword} onChange={set('confirmPassword')} autoComplete="new-password" />
            </Field>
          )}

          {!isLogin && isProvider && (
            <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <legend className="px-1 font-semibold">Business details</legend>
              <Field label="Business Name" id="businessName">
                <Input value={values.businessName} onChange={set('businessName')} />
              </Field>
              <Field label="Business Description (optional)" id="businessDescription">
                <Textarea rows={3} value={values.businessDescription} onChange={set('businessDescription')} />
              </Field>
              <Field label="Business Category (optional)" id="businessCategory">
                <Select value={values.businessCategory} onChange={set('businessCategory')}>
                  <option value="">Select a category</option>
                  {BUSINESS_CATEGORIES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Business Hours (optional)" id="businessHours">
                <Input value={values.businessHours} onChange={set('businessHours')} placeholder="Mon–Sat, 9:00 AM – 6:00 PM" />
              </Field>
              <Field label="Business Location" id="businessLocation">
                <Input value={values.businessLocation} onChange={set('businessLocation')} />
              </Field>
            </fieldset>
          )}

          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? 'Please wait...' : isLogin ? 'Login' : 'Register'}
          </Button>
          {error && <ErrorBanner>{error}</ErrorBanner>}
          {success && <SuccessBanner>{success}</SuccessBanner>}
        </form>
        <p className="mt-6 text-center text-sm">
          {isLogin ? "Don't have an account? " : 'Already have an account? '}
          <Link to={isLogin ? '/register' : '/login'} state={location.state} className="font-medium text-indigo-600 hover:underline dark:text-indigo-300">
            {isLogin ? 'Register here' : 'Login here'}
          </Link>
        </p>
      </div>
    </div>
  );
}

export default AuthPage;
