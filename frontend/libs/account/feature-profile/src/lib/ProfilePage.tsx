import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { User } from '@slotwise/shared-contract';
import { useSession } from '@slotwise/shared-data-access';
import { Button, DateField, ErrorBanner, Input, Page, PageHeader, Select, Spinner, SuccessBanner, Textarea } from '@slotwise/shared-ui';
import { BUSINESS_CATEGORIES, GENDERS, formatDate, failureMessage } from '@slotwise/shared-util';
import { useUpdateProfile } from '../api/profile-api';
import { SecuritySection } from './SecuritySection';
import { YourDataSection } from './YourDataSection';
import {
  PROFILE_ERROR_MS,
  PROFILE_MESSAGES,
  PROFILE_SUCCESS_MS,
  buildProfilePayload,
  emailChanged,
  profileFormFromUser,
  validateProfileForm,
  type ProfileFormValues,
} from './profile-form';

export const PROFILE_SAVED = 'Profile updated successfully!';
export const PROFILE_SAVE_FAILED = 'Failed to update profile';
export const PROFILE_LOAD_FAILED = 'Failed to load profile data';

/** /profile — view and edit mode (docs/product.md#screens-and-routes, #states-and-transitions, #validation). */
export function ProfilePage() {
  const { user, loadingUser, profileError } = useSession();
  if (loadingUser) return <Page><Spinner label="Loading profile…" /></Page>;
  if (!user) {
    return (
      <Page>
        <PageHeader title="My Profile" />
        {profileError ? <ErrorBanner>{PROFILE_LOAD_FAILED}</ErrorBanner> : <Spinner />}
      </Page>
    );
  }
  return <ProfileView user={user} />;
}

function ProfileView({ user }: { user: User }) {
  const isProvider = user.role === 'provider';
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormFromUser(user));
  const [success, setSuccess] = useState('');
  const [error, setError] = useState('');
  const [dobUnfinished, setDobUnfinished] = useState(false);
  const update = useUpdateProfile();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  // Keep the view in step with the server copy while not editing.
  useEffect(() => {
    if (!editing) setValues(profileFormFromUser(user));
  }, [user, editing]);

  const flash = (kind: 'success' | 'error', text: string) => {
    const setter = kind === 'success' ? setSuccess : setError;
    setter(text);
    timers.current.push(setTimeout(() => setter(''), kind === 'success' ? PROFILE_SUCCESS_MS : PROFILE_ERROR_MS));
  };

  const set = (field: keyof ProfileFormValues) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const cancel = () => {
    setValues(profileFormFromUser(user));
    setDobUnfinished(false);
    setError('');
    setEditing(false);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setSuccess('');
    // A half-typed or impossible date of birth is not "no date of birth": refused, never dropped.
    const problem = validateProfileForm(values, user.role, new Date(), user.email) ?? (dobUnfinished ? PROFILE_MESSAGES.invalidDob : null);
    if (problem) {
      flash('error', problem);
      return;
    }
    try {
      const saved = await update.mutateAsync(buildProfilePayload(values, user.role));
      setEditing(false);
      // A new email waits on the link mailed to it (docs/product.md#verified-email-and-password-reset).
      flash('success', saved.pendingEmail ? `Saved. To change your email to ${saved.pendingEmail}, open the link we sent there.` : PROFILE_SAVED);
    } catch (err) {
      flash('error', failureMessage(err, PROFILE_SAVE_FAILED));
    }
  };

  const genderLabel = GENDERS.find((g) => g.value === values.gender)?.label ?? values.gender;
  const categoryLabel = BUSINESS_CATEGORIES.find((c) => c.value === values.businessCategory)?.label ?? values.businessCategory;

  return (
    <Page>
      <PageHeader title="My Profile" subtitle={isProvider ? 'Service provider account' : 'Customer account'} />
      {success && <div className="mb-4"><SuccessBanner>{success}</SuccessBanner></div>}
      <form onSubmit={save} noValidate className="space-y-6">
        <Section title="Personal information">
          <Row label="Full Name" id="fullName" value={values.fullName} editing={editing}>
            <Input id="fullName" value={values.fullName} onChange={set('fullName')} />
          </Row>
          <Row label="Email" id="email" value={values.email} editing={editing}>
            <Input id="email" type="email" value={values.email} onChange={set('email')} />
          </Row>
          {editing && emailChanged(values, user.email) && (
            <Row label="Current Password" id="currentPassword" value="" editing hint="Needed to change your email">
              <Input id="currentPassword" type="password" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} />
            </Row>
          )}
          <Row label="Phone Number" id="phoneNumber" value={values.phoneNumber} editing={editing}>
            <Input id="phoneNumber" type="tel" value={values.phoneNumber} onChange={set('phoneNumber')} />
          </Row>
          <Row label="Date of Birth" id="dateOfBirth" value={formatDate(values.dateOfBirth)} editing={editing} group>
            <DateField
              label="Date of Birth"
              hideLabel
              birthday
              value={values.dateOfBirth}
              onChange={(iso, entry) => {
                setValues((v) => ({ ...v, dateOfBirth: iso }));
                setDobUnfinished(entry === 'unfinished');
              }}
            />
          </Row>
          <Row label="Gender" id="gender" value={genderLabel} editing={editing}>
            <Select id="gender" value={values.gender} onChange={set('gender')}>
              <option value="">Select gender</option>
              {GENDERS.map((g) => (
                <option key={g.value} value={g.value}>{g.label}</option>
              ))}
            </Select>
          </Row>
          <Row label="Address" id="address" value={values.address} editing={editing}>
            <Textarea id="address" rows={2} value={values.address} onChange={set('address')} />
          </Row>
        </Section>

        {isProvider && (
          <Section title="Business information">
            <Row label="Business Name" id="businessName" value={values.businessName} editing={editing}>
              <Input id="businessName" value={values.businessName} onChange={set('businessName')} />
            </Row>
            <Row label="Business Description" id="businessDescription" value={values.businessDescription} editing={editing}>
              <Textarea id="businessDescription" rows={3} value={values.businessDescription} onChange={set('businessDescription')} />
            </Row>
            <Row label="Business Category" id="businessCategory" value={categoryLabel} editing={editing}>
              <Select id="businessCategory" value={values.businessCategory} onChange={set('businessCategory')}>
                <option value="">Select a category</option>
                {BUSINESS_CATEGORIES.map((c) => (
                  <option key={c.value} value={c.value}>{c.label}</option>
                ))}
              </Select>
            </Row>
            <Row label="Business Hours" id="businessHours" value={values.businessHours} editing={editing}>
              <Input id="businessHours" value={values.businessHours} onChange={set('businessHours')} />
            </Row>
            <Row label="Location" id="location" value={values.location} editing={editing}>
              <Input id="location" value={values.location} onChange={set('location')} />
            </Row>
            <Row label="Specializations" id="specializations" value={values.specializations} editing={editing} hint="Separate with commas">
              <Input id="specializations" value={values.specializations} onChange={set('specializations')} />
            </Row>
            <Row label="Experience (years)" id="experience" value={values.experience} editing={editing}>
              <Input id="experience" type="number" min={0} value={values.experience} onChange={set('experience')} />
            </Row>
          </Section>
        )}

        <Section title="Notifications">
          {/* Not labelled "Email …": the Email field is found by its label. */}
          <Row label="Mail me my notifications" id="emailNotifications" value={values.emailNotifications ? 'On' : 'Off'} editing={editing}>
            <div className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                id="emailNotifications"
                type="checkbox"
                className="h-5 w-5"
                aria-describedby="emailNotifications-hint"
                checked={values.emailNotifications}
                onChange={(e) => setValues((v) => ({ ...v, emailNotifications: e.target.checked }))}
              />
              <span id="emailNotifications-hint">Each notification also comes by mail</span>
            </div>
          </Row>
        </Section>

        <Section title="Account">
          <Row label="Member Since" id="createdAt" value={formatDate(user.createdAt)} editing={false} />
          <Row label="Last Updated" id="updatedAt" value={formatDate(user.updatedAt)} editing={false} />
        </Section>

        {/* A refused save is said next to Save, where the user is, not at the top of the page. */}
        {error && <div data-testid="profile-save-error"><ErrorBanner>{error}</ErrorBanner></div>}
        <div className="flex gap-3">
          {editing ? (
            <>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
              <Button variant="secondary" onClick={cancel}>
                Cancel
              </Button>
            </>
          ) : (
            <Button
              onClick={(e) => {
                e.preventDefault();
                setEditing(true);
              }}
            >
              Edit Profile
            </Button>
          )}
        </div>
      </form>
      <SecuritySection />
      <YourDataSection />
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-surface p-6 dark:border-slate-700">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

/** `group`: the control is a labelled group (a date's boxes) that names itself, so no <label>. */
function Row({ label, id, value, editing, hint, group, children }: { label: string; id: string; value: string; editing: boolean; hint?: string; group?: boolean; children?: ReactNode }) {
  return (
    <div>
      <dt className="mb-1 text-sm font-medium text-slate-500 dark:text-slate-400">
        {editing && children && !group ? <label htmlFor={id}>{label}</label> : label}
      </dt>
      <dd data-testid={`profile-${id}`}>
        {editing && children ? children : <span>{value || '—'}</span>}
        {editing && hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      </dd>
    </div>
  );
}
