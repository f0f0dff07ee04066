import { useState } from 'react';
import type { Service } from '@slotwise/shared-contract';
import { useSession } from '@slotwise/shared-data-access';
import { Button, ErrorBanner, Icon, Input, Select, Spinner, toast } from '@slotwise/shared-ui';
import { formatDuration, formatRupees, SERVICE_FORM_CATEGORIES, serviceFormCategoryOf, failureMessage } from '@slotwise/shared-util';
import { useDeleteService, useMyServices, useSaveService } from '@slotwise/catalog-data-access';
import { DeleteServiceDialog, ServiceFormDialog } from '@slotwise/catalog-ui';
import { ListPager, SERVICE_PAGER } from '@slotwise/booking-ui';
import { useToggleService } from '../api/provider-dashboard-api';
import { card } from './styles';

/** Service Management (docs/product.md#screens-and-routes): search, category filter, toggle active, edit, delete with confirm, add. */
export function ServiceManagement() {
  const { user } = useSession();
  const services = useMyServices();
  const save = useSaveService();
  const toggle = useToggleService();
  const remove = useDeleteService();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  // undefined: closed; null: adding; a service: editing it
  const [editing, setEditing] = useState<Service | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Service | null>(null);

  const q = search.trim().toLowerCase();
  const shown = (services.data ?? []).filter(
    (s) =>
      (category === 'all' || serviceFormCategoryOf(s.category) === category) &&
      (!q || `${s.name} ${s.description} ${s.category}`.toLowerCase().includes(q)),
  );

  async function setActive(s: Service, isActive: boolean) {
    try {
      await toggle.mutateAsync({ id: s._id, isActive });
      toast.success(`${s.name} is now ${isActive ? 'active' : 'inactive'}`);
    } catch (err) {
      toast.error(failureMessage(err, 'Failed to update service status. Check your connection and try again.'));
    }
  }

  return (
    <section className={card} aria-labelledby="services-h">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="services-h" className="text-xl font-semibold">Service Management</h2>
        <Button onClick={() => setEditing(null)}>
          <Icon name="plus" className="h-5 w-5" /> Add Service
        </Button>
      </div>
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <Input type="search" aria-label="Search services" placeholder="Search services…" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Select aria-label="Filter by category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="all">All categories</option>
          {SERVICE_FORM_CATEGORIES.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      {services.isPending ? (
        <Spinner />
      ) : services.isError ? (
        <ErrorBanner>Failed to load your services</ErrorBanner>
      ) : shown.length === 0 ? (
        <p className="py-6 text-center text-slate-600 dark:text-slate-300">
          {services.data?.length ? 'No services match your search.' : 'You have not added any services yet.'}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="my-services-list">
          {shown.map((s) => (
            <li key={s._id} data-testid="my-service" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <div className="min-w-0">
                <p className="font-semibold">{s.name}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {s.category} · {formatRupees(s.price)} · {formatDuration(s.duration)} · {s.timeSlots.length} slot{s.timeSlots.length === 1 ? '' : 's'}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <button
                  type="button"
                  role="switch"
                  aria-checked={s.isActive}
                  aria-label={`Active: ${s.name}`}
                  disabled={toggle.isPending && toggle.variables?.id === s._id}
                  onClick={() => setActive(s, !s.isActive)}
                  className={`rounded-full px-3 py-1 text-sm font-semibold ${s.isActive ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200' : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300'}`}
                >
                  {s.isActive ? 'Active' : 'Inactive'}
                </button>
                <Button variant="secondary" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s)}>
                  <Icon name="edit" className="h-4 w-4" />
                </Button>
                <Button variant="secondary" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
                  <Icon name="trash" className="h-4 w-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ListPager list={services} direction="later" labels={SERVICE_PAGER} />

      {editing !== undefined && (
        <ServiceFormDialog
          service={editing}
          defaultProvider={user?.providerInfo?.businessName ?? ''}
          onClose={() => setEditing(undefined)}
          onSave={async (payload, id) => {
            const r = await save.mutateAsync({ id, payload });
            toast.success(r?.message || (id ? 'Service updated' : 'Service added'));
            setEditing(undefined);
          }}
        />
      )}
      {deleting && <DeleteServiceDialog service={deleting} onDelete={remove.mutateAsync} onClose={() => setDeleting(null)} />}
    </section>
  );
}
