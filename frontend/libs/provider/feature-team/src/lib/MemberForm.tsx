import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Service } from '@slotwise/shared-contract';
import { Button, Dialog, ErrorBanner, Field, Input, inputClass, useDialogSubmit } from '@slotwise/shared-ui';
import { hasErrors, NAME_MAX, TEAM_MESSAGES, timeOptions, validateMember, WEEKDAYS, type DayHours, type MemberFormErrors, type MemberFormValues } from './team-form';

interface Props {
  title: string;
  initial: MemberFormValues;
  services: readonly Pick<Service, '_id' | 'name'>[];
  submitLabel: string;
  /** sends the form; rejects with the server's message (a 400 or 409), shown above the buttons */
  onSubmit: (values: MemberFormValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Add or edit a member (a sheet dialog): name, optional email, the services they perform and their
 * hours per weekday (a day on or off, from and to). Each problem shows under its field.
 */
export function MemberForm({ title, initial, services, submitLabel, onSubmit, onClose }: Props) {
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<MemberFormErrors>({});
  const { busy, error: serverError, setError: setServerError, run } = useDialogSubmit(onClose, 'Could not save the member. Please try again.');
  const ids = useId();

  const setDay = (weekday: number, patch: Partial<DayHours>) => setV((f) => ({ ...f, days: f.days.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)) }));
  const toggleService = (id: string, on: boolean) =>
    setV((f) => ({ ...f, serviceIds: on ? [...f.serviceIds.filter((x) => x !== id), id] : f.serviceIds.filter((x) => x !== id) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const found = validateMember(v, services.map((s) => s._id));
    setErrors(found);
    if (hasErrors(found)) return;
    void run(() => onSubmit(v));
  };

  return (
    <Dialog title={title} onClose={onClose} variant="sheet">
      <form onSubmit={submit} noValidate className="space-y-6" aria-label={title}>
        <Field label="Name" error={errors.name}>
          <Input value={v.name} maxLength={NAME_MAX + 20} autoComplete="off" onChange={(e) => setV((f) => ({ ...f, name: e.target.value }))} />
        </Field>
        <Field label="Email (optional)" hint="They get their own booking emails." error={errors.email}>
          <Input type="email" value={v.email} autoComplete="off" onChange={(e) => setV((f) => ({ ...f, email: e.target.value }))} />
        </Field>

        <fieldset aria-describedby={errors.services ? `${ids}-services-error` : undefined}>
          <legend className="mb-2 text-sm font-medium">Services they perform</legend>
          {services.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              No services yet. <Link to="/add-service" className="font-medium text-indigo-700 underline dark:text-indigo-300">Add a service</Link> first.
            </p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {services.map((s) => (
                <li key={s._id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3">
                    <input type="checkbox" className="h-4 w-4 shrink-0" checked={v.serviceIds.includes(s._id)} onChange={(e) => toggleService(s._id, e.target.checked)} />
                    <span className="min-w-0 [overflow-wrap:anywhere]">{s.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {errors.services && (
            <p id={`${ids}-services-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
              {errors.services}
            </p>
          )}
        </fieldset>

        <fieldset aria-describedby={errors.days ? `${ids}-days-error` : undefined}>
          <legend className="mb-2 text-sm font-medium">Working hours</legend>
          <ul className="space-y-2">
            {WEEKDAYS.map(({ day, long, short }) => {
              const d = v.days.find((x) => x.weekday === day);
              if (!d) return null;
              const error = errors.hours?.[day];
              const errorId = `${ids}-h${day}-error`;
              const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true as const } : {};
              return (
                <li key={day} data-weekday={day}>
                  <div className="grid grid-cols-[5.5rem_minmax(0,1fr)_minmax(0,1fr)] items-center gap-2">
                    <label className="flex min-h-11 cursor-pointer items-center gap-2">
                      <input type="checkbox" className="h-4 w-4 shrink-0" checked={d.on} onChange={(e) => setDay(day, { on: e.target.checked })} aria-label={`Works on ${long}`} />
                      <span aria-hidden="true">{short}</span>
                    </label>
                    {d.on ? (
                      <>
                        <select className={inputClass} aria-label={`${long} from`} value={d.from} onChange={(e) => setDay(day, { from: e.target.value })} {...described}>
                          {timeOptions(d.from)
                            .filter((t) => t !== '24:00')
                            .map((t) => (
                              <option key={t}>{t}</option>
                            ))}
                        </select>
                        <select className={inputClass} aria-label={`${long} to`} value={d.to} onChange={(e) => setDay(day, { to: e.target.value })} {...described}>
                          {timeOptions(d.to).map((t) => (
                            <option key={t}>{t}</option>
                          ))}
                        </select>
                      </>
                    ) : (
                      <span className="col-span-2 text-sm text-slate-600 dark:text-slate-300">Day off</span>
                    )}
                  </div>
                  {error && (
                    <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
                      {long}: {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          {errors.days && (
            <p id={`${ids}-days-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
              {errors.days}
            </p>
          )}
        </fieldset>

        {hasErrors(errors) && <p className="text-sm text-red-700 dark:text-red-300">{TEAM_MESSAGES.fix}</p>}
        {serverError && <ErrorBanner>{serverError}</ErrorBanner>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
