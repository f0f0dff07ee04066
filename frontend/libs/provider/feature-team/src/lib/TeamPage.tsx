import { useState } from 'react';
import { Link } from 'react-router';
import type { Service, StaffMember } from '@slotwise/shared-contract';
import { Button, ConfirmDialog, ErrorBanner, Page, PageHeader, Spinner, StatusBadge, toast } from '@slotwise/shared-ui';
import { useMyStaff } from '@slotwise/booking-data-access';
import { useMyServices } from '@slotwise/catalog-data-access';
import { closureLabel, CloseDaysForm } from '@slotwise/catalog-ui';
import { useAddMember, useAddMemberClosure, useDeleteMemberClosure, useRemoveMember, useUpdateMember } from '../api/team-api';
import { MemberCalendarFeed } from './MemberCalendarFeed';
import { MemberForm } from './MemberForm';
import { buildMemberPatch, buildMemberRequest, emptyMemberForm, hoursSummary, memberFormOf } from './team-form';
import { failureMessage } from '@slotwise/shared-util';

const card = 'min-w-0 rounded-2xl border border-slate-200 bg-surface p-4 shadow-sm sm:p-6 dark:border-slate-700';

type Editing = { kind: 'add' } | { kind: 'edit'; member: StaffMember };

/**
 * /team (providers): the business's members, owner first. Add, edit (name, email, services, hours
 * per weekday), remove (not the owner, after a confirmation) and each member's days off
 * (docs/product.md "Team members").
 */
export function TeamPage() {
  const staff = useMyStaff();
  const services = useMyServices();
  const add = useAddMember();
  const update = useUpdateMember();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const list = services.data ?? [];

  return (
    <Page>
      <PageHeader title="Team" subtitle="The people who take bookings: the services each performs, their hours and days off." />
      <div className="mb-6 flex flex-wrap gap-2">
        <Button onClick={() => setEditing({ kind: 'add' })}>Add team member</Button>
        <Link to="/my-services" className="inline-flex min-h-11 items-center px-2 text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
          Back to dashboard
        </Link>
      </div>
      {staff.isPending && <Spinner label="Loading your team…" />}
      {staff.isError && (
        <ErrorBanner>
          Could not load your team.{' '}
          <button type="button" className="underline" onClick={() => void staff.refetch()}>
            Retry
          </button>
        </ErrorBanner>
      )}
      {staff.data && (
        <ul className="space-y-4" aria-label="Team members">
          {staff.data.map((m) => (
            <li key={m._id}>
              <MemberCard member={m} services={list} onEdit={() => setEditing({ kind: 'edit', member: m })} onRemove={() => setRemoving(m)} />
            </li>
          ))}
        </ul>
      )}

      {editing?.kind === 'add' && (
        <MemberForm
          title="Add team member"
          submitLabel="Add member"
          initial={emptyMemberForm()}
          services={list}
          onClose={() => setEditing(null)}
          onSubmit={(v) => add.mutateAsync(buildMemberRequest(v)).then((r) => toast.success(r.message || 'Team member added'))}
        />
      )}
      {editing?.kind === 'edit' && (
        <MemberForm
          title={`Edit ${editing.member.name}`}
          submitLabel="Save changes"
          initial={memberFormOf(editing.member)}
          services={list}
          onClose={() => setEditing(null)}
          onSubmit={(v) => update.mutateAsync({ id: editing.member._id, body: buildMemberPatch(v) }).then((r) => toast.success(r.message || 'Team member updated'))}
        />
      )}
      {removing && <RemoveMember member={removing} onDone={() => setRemoving(null)} />}
    </Page>
  );
}

function MemberCard({ member: m, services, onEdit, onRemove }: { member: StaffMember; services: readonly Service[]; onEdit: () => void; onRemove: () => void }) {
  const [daysOff, setDaysOff] = useState(false);
  const names = services.filter((s) => m.serviceIds.includes(s._id)).map((s) => s.name);
  const headingId = `member-${m._id}`;
  return (
    <article className={card} aria-labelledby={headingId} data-testid="team-member">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold [overflow-wrap:anywhere]">
            {m.name}{' '}
            {m.isOwner && (
              <span className="ml-1 align-middle">
                <StatusBadge tone="brand">Owner</StatusBadge>
              </span>
            )}
          </h2>
          {m.email && <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">{m.email}</p>}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">Services</dt>
        <dd data-testid="member-services" className="[overflow-wrap:anywhere]">
          {names.length > 0 ? names.join(', ') : 'None yet'}
        </dd>
        <dt className="text-slate-600 dark:text-slate-300">Hours</dt>
        <dd data-testid="member-hours">{hoursSummary(m.hours)}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Days off</dt>
        <dd data-testid="member-days-off">{m.closures.length > 0 ? m.closures.map(closureLabel).join(', ') : 'None'}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${m.name}`}>
          Edit
        </Button>
        <Button size="sm" variant="secondary" aria-expanded={daysOff} onClick={() => setDaysOff((o) => !o)} aria-label={`Days off of ${m.name}`}>
          Days off
        </Button>
        {!m.isOwner && (
          <Button size="sm" variant="danger-outline" onClick={onRemove} aria-label={`Remove ${m.name}`}>
            Remove
          </Button>
        )}
      </div>
      {daysOff && <MemberDaysOff member={m} />}
      {!m.isOwner && <MemberCalendarFeed member={m} />}
    </article>
  );
}

/** The member's days off: the same form as the provider's own (catalog-ui's CloseDaysForm), and each one reopened. */
function MemberDaysOff({ member: m }: { member: StaffMember }) {
  const addClosure = useAddMemberClosure();
  const del = useDeleteMemberClosure();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700" aria-label={`Days off of ${m.name}`}>
      {m.closures.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No days off planned.</p>
      ) : (
        <ul className="space-y-2">
          {m.closures.map((c) => (
            <li key={c._id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>{closureLabel(c)}</span>
              <Button
                size="sm"
                variant="secondary"
                disabled={del.isPending}
                aria-label={`Reopen ${closureLabel(c)}`}
                onClick={() => {
                  setError(null);
                  del.mutate(
                    { id: m._id, closureId: c._id },
                    { onSuccess: () => toast.success(`Reopened ${closureLabel(c)} for ${m.name}`), onError: (err) => setError(failureMessage(err, 'Failed to reopen these days. Check your connection and try again.')) },
                  );
                }}
              >
                Reopen
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <div className="mt-2">
          <ErrorBanner>{error}</ErrorBanner>
        </div>
      )}
      {adding ? (
        <CloseDaysForm
          label={`Close days for ${m.name}`}
          onDone={() => setAdding(false)}
          onSubmit={(body) => addClosure.mutateAsync({ id: m._id, body }).then(() => toast.success(`Days off added for ${m.name}`))}
        />
      ) : (
        <Button size="sm" className="mt-3" onClick={() => setAdding(true)}>
          Add days off
        </Button>
      )}
    </section>
  );
}

function RemoveMember({ member: m, onDone }: { member: StaffMember; onDone: () => void }) {
  const remove = useRemoveMember();
  return (
    <ConfirmDialog
      title={`Remove ${m.name}?`}
      confirmLabel="Remove"
      busy={remove.isPending}
      onCancel={onDone}
      onConfirm={() =>
        remove.mutate(m._id, {
          onSuccess: (r) => {
            toast.success(r.message || 'Team member removed');
            onDone();
          },
          onError: (err) => {
            toast.error(failureMessage(err, 'Failed to remove the member. Check your connection and try again.'));
            onDone();
          },
        })
      }
    >
      <p>They stop taking new bookings. Bookings already made with them stay with them until you reassign them.</p>
    </ConfirmDialog>
  );
}
