import { useState, type FormEvent } from 'react';
import type { Service, ServiceRequest } from '@slotwise/shared-contract';
import { Button, Dialog, ErrorBanner, Field, Input, Select, Textarea } from '@slotwise/shared-ui';
import { SERVICE_FORM_CATEGORIES, failureMessage } from '@slotwise/shared-util';
import {
  buildServicePayload,
  emptyServiceForm,
  generateSlots,
  mergeSlots,
  BUFFER_CHOICES,
  MIN_NOTICE_CHOICES,
  SERVICE_SAVE_ERRORS,
  serviceFormFromService,
  validateServiceForm,
  type ServiceFormValues,
} from './service-form';

export interface ServiceFormProps {
  /** the service being edited; absent to add a new one */
  service?: Service | null;
  /** company name prefilled for a new service (the provider's business name) */
  defaultProvider?: string;
  /** create (no id) or update (id); rejects with an Error whose message is the server's */
  onSave: (payload: ServiceRequest, id?: string) => Promise<unknown>;
  onCancel?: () => void;
}

/** The server's message, else the documented fallback for adding or updating (docs/product.md#messages). */
function saveError(e: unknown, editing: boolean): string {
  return failureMessage(e, editing ? SERVICE_SAVE_ERRORS.update : SERVICE_SAVE_ERRORS.add);
}

/**
 * The Add/Edit Service form (docs/product.md#screens-and-routes, #validation): every field of the service, the time-slot generator
 * (start, end, slot length; remove one; Reset) and the documented messages, checked in order.
 */
export function ServiceForm({ service, defaultProvider = '', onSave, onCancel }: ServiceFormProps) {
  const editing = Boolean(service?._id);
  const [v, setV] = useState<ServiceFormValues>(() =>
    service ? serviceFormFromService(service) : emptyServiceForm(defaultProvider),
  );
  const [gen, setGen] = useState({ start: '09:00', end: '17:00', length: '30' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (k: keyof ServiceFormValues) => (e: { target: { value: string } }) =>
    setV((prev) => ({ ...prev, [k]: e.target.value }));

  function generate() {
    const r = generateSlots(gen.start, gen.end, gen.length);
    if (r.error !== undefined) {
      setError(r.error);
      return;
    }
    setError(null);
    setV((prev) => ({ ...prev, timeSlots: mergeSlots(prev.timeSlots, r.slots) }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateServiceForm(v);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSave(buildServicePayload(v), service?._id);
    } catch (err) {
      setError(saveError(err, editing));
    } finally {
      setBusy(false);
    }
  }

  const slotsCount = v.timeSlots.length;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={editing ? 'Edit service' : 'Add service'}>
      <Field label="Service Name">
        <Input value={v.name} onChange={set('name')} />
      </Field>
      <Field label="Category">
        <Select value={v.category} onChange={set('category')}>
          <option value="">Select a category</option>
          {SERVICE_FORM_CATEGORIES.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
          {v.category && !SERVICE_FORM_CATEGORIES.some((c) => c.name === v.category) && <option value={v.category}>{v.category}</option>}
        </Select>
      </Field>
      <Field label="Description">
        <Textarea rows={3} value={v.description} onChange={set('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Price (₹)">
          <Input type="number" min={0} inputMode="decimal" value={v.price} onChange={set('price')} />
        </Field>
        <Field label="Duration (minutes)">
          <Input type="number" min={5} inputMode="numeric" value={v.duration} onChange={set('duration')} />
        </Field>
      </div>
      <Field label="Book at least" hint="Slots closer than this to now are not offered to customers">
        <Select value={v.minNoticeMinutes} onChange={set('minNoticeMinutes')}>
          {MIN_NOTICE_CHOICES.some((c) => String(c.minutes) === v.minNoticeMinutes) ? null : (
            <option value={v.minNoticeMinutes}>{v.minNoticeMinutes} minutes ahead</option>
          )}
          {MIN_NOTICE_CHOICES.map((c) => (
            <option key={c.minutes} value={String(c.minutes)}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Time between appointments" hint="Kept free around each booking: slots that would come closer are not offered">
        <Select value={v.bufferMinutes} onChange={set('bufferMinutes')}>
          {BUFFER_CHOICES.some((c) => String(c.minutes) === v.bufferMinutes) ? null : (
            <option value={v.bufferMinutes}>{v.bufferMinutes} minutes</option>
          )}
          {BUFFER_CHOICES.map((c) => (
            <option key={c.minutes} value={String(c.minutes)}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Company Name">
        <Input value={v.provider} onChange={set('provider')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Address">
          <Input value={v.address} onChange={set('address')} />
        </Field>
        <Field label="City">
          <Input value={v.city} onChange={set('city')} />
        </Field>
      </div>
      <Field label="Contact" hint="An email address or a 10-digit phone number">
        <Input value={v.contact} onChange={set('contact')} />
      </Field>
      <Field label="Image URL (optional)">
        <Input type="url" value={v.imageUrl} onChange={set('imageUrl')} />
      </Field>

      <fieldset className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">Time Slots</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Start Time">
            <Input type="time" value={gen.start} onChange={(e) => setGen({ ...gen, start: e.target.value })} />
          </Field>
          <Field label="End Time">
            <Input type="time" value={gen.end} onChange={(e) => setGen({ ...gen, end: e.target.value })} />
          </Field>
          <Field label="Slot Length (minutes)">
            <Input type="number" min={1} value={gen.length} onChange={(e) => setGen({ ...gen, length: e.target.value })} />
          </Field>
        </div>
        <div className="mt-3 flex gap-2">
          <Button variant="secondary" onClick={generate}>
            Generate Slots
          </Button>
          <Button variant="secondary" onClick={() => setV((prev) => ({ ...prev, timeSlots: [] }))} disabled={slotsCount === 0}>
            Reset
          </Button>
        </div>
        {slotsCount > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Time slots">
            {v.timeSlots.map((s) => (
              <li key={s} className="inline-flex items-center gap-1 rounded-full bg-indigo-100 py-1 pl-3 pr-1 text-sm text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100">
                {s}
                <button
                  type="button"
                  aria-label={`Remove ${s}`}
                  className="flex h-5 w-5 items-center justify-center rounded-full hover:bg-indigo-200 pointer-coarse:h-11 pointer-coarse:w-11 dark:hover:bg-indigo-800"
                  onClick={() => setV((prev) => ({ ...prev, timeSlots: prev.timeSlots.filter((x) => x !== s) }))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No time slots yet.</p>
        )}
      </fieldset>

      {error && <ErrorBanner>{error}</ErrorBanner>}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : editing ? 'Update Service' : 'Add Service'}
        </Button>
      </div>
    </form>
  );
}

/** The form in a dialog, 'Add New Service' or 'Edit Service': centred, or a sheet from the right edge. */
export function ServiceFormDialog({ onClose, variant, ...form }: ServiceFormProps & { onClose: () => void; variant?: 'center' | 'sheet' }) {
  return (
    <Dialog title={form.service?._id ? 'Edit Service' : 'Add New Service'} onClose={onClose} variant={variant}>
      <ServiceForm {...form} onCancel={onClose} />
    </Dialog>
  );
}
