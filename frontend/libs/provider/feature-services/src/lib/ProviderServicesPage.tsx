import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Service } from '@slotwise/shared-contract';
import { Button, buttonClass, ErrorBanner, Icon, Page, PageHeader, Spinner, Stars, StatusBadge, toast } from '@slotwise/shared-ui';
import { CATEGORY_PAGES, formatDuration, formatRupees, SERVICE_FORM_CATEGORIES, serviceFormCategoryOf } from '@slotwise/shared-util';
import { useDeleteService, useMyServices, useSaveService } from '@slotwise/catalog-data-access';
import { DeleteServiceDialog, ServiceDetailsDialog, ServiceFormDialog } from '@slotwise/catalog-ui';
import { ListPager, SERVICE_PAGER } from '@slotwise/booking-ui';

const iconOf = (slug: string) => CATEGORY_PAGES.find((c) => c.slug === slug)?.icon ?? 'grid';

/** The edit drawer: the service form in a sheet along the right edge. */
function EditDrawer({ service, onClose }: { service: Service; onClose: () => void }) {
  const save = useSaveService();
  return (
    <ServiceFormDialog
      variant="sheet"
      service={service}
      onClose={onClose}
      onSave={async (payload, id) => {
        const r = await save.mutateAsync({ id, payload });
        toast.success(r?.message || 'Service updated');
        onClose();
      }}
    />
  );
}

/**
 * /provider-services (providers only): the provider's services by category, then the services
 * of one category with Edit (drawer), Delete and Know More. Others holds every service whose
 * category is not one of the nine standard ones.
 */
export function ProviderServicesPage() {
  const services = useMyServices();
  const remove = useDeleteService();
  const [params, setParams] = useSearchParams();
  const slug = params.get('category');
  const selected = SERVICE_FORM_CATEGORIES.find((c) => c.slug === slug);
  const [editing, setEditing] = useState<Service | null>(null);
  const [info, setInfo] = useState<Service | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);

  const all = services.data ?? [];
  const inCategory = (name: string) => all.filter((s) => serviceFormCategoryOf(s.category) === name);

  return (
    <Page>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title="Service Catalog" subtitle={selected ? selected.name : 'Your services by category'} />
        <Link to="/add-service" className={buttonClass('primary')}>
          <Icon name="plus" className="h-5 w-5" /> Add Service
        </Link>
      </div>

      {services.isPending ? (
        <Spinner />
      ) : services.isError ? (
        <ErrorBanner>Failed to fetch your services</ErrorBanner>
      ) : !selected ? (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="catalog-categories">
          {SERVICE_FORM_CATEGORIES.map((c) => {
            const n = inCategory(c.name).length;
            return (
              <button
                key={c.slug}
                type="button"
                onClick={() => setParams({ category: c.slug })}
                className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 text-left hover:shadow-md dark:border-slate-700 dark:bg-slate-800"
              >
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200">
                  <Icon name={iconOf(c.slug)} />
                </span>
                <span>
                  <span className="block font-semibold">{c.name}</span>
                  <span className="text-sm text-slate-500 dark:text-slate-400">
                    {n} service{n === 1 ? '' : 's'}
                  </span>
                </span>
              </button>
            );
          })}
        </div>
      ) : (
        <div>
          <Button variant="secondary" className="mb-4" onClick={() => setParams({})}>
            ← All categories
          </Button>
          {inCategory(selected.name).length === 0 ? (
            <p className="py-8 text-center text-slate-600 dark:text-slate-300">No services in this category yet.</p>
          ) : (
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="catalog-services">
              {inCategory(selected.name).map((s) => (
                <article key={s._id} data-testid="catalog-service" className="flex flex-col rounded-xl border border-slate-200 bg-surface p-5 shadow-sm dark:border-slate-700">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="text-lg font-semibold">{s.name}</h3>
                    <StatusBadge tone={s.isActive ? 'success' : 'neutral'}>{s.isActive ? 'Active' : 'Inactive'}</StatusBadge>
                  </div>
                  {selected.name === 'Others' && s.category !== 'Others' && <p className="text-xs text-slate-500">{s.category}</p>}
                  <Stars rating={s.avgRating ?? 0} count={s.totalReviews ?? 0} />
                  <p className="mt-2 text-sm">
                    <span className="font-semibold text-indigo-700 dark:text-indigo-300">{formatRupees(s.price)}</span> · {formatDuration(s.duration)}
                  </p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-4">
                    <Button onClick={() => setEditing(s)}>Edit</Button>
                    <Button variant="secondary" onClick={() => setDeleting(s)}>
                      Delete
                    </Button>
                    <Button variant="secondary" onClick={() => setInfo(s)}>
                      Know More
                    </Button>
                  </div>
                </article>
              ))}
            </div>
          )}
        </div>
      )}
      <ListPager list={services} direction="later" labels={SERVICE_PAGER} />

      {editing && <EditDrawer service={editing} onClose={() => setEditing(null)} />}
      {info && <ServiceDetailsDialog service={info} owner onClose={() => setInfo(null)} />}
      {deleting && <DeleteServiceDialog service={deleting} onDelete={remove.mutateAsync} onClose={() => setDeleting(null)} />}
    </Page>
  );
}
