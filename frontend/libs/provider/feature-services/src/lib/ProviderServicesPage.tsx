import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { Service } from '@slotwise/shared-contract';
import { ErrorBanner, Icon, Modal, Page, PageHeader, Spinner, Stars, btn } from '@slotwise/shared-ui';
import { CATEGORY_PAGES, formatDuration, formatRupees, SERVICE_FORM_CATEGORIES, serviceFormCategoryOf } from '@slotwise/shared-util';
import { useDeleteService, useMyServices, useSaveService } from '@slotwise/catalog-data-access';
import { ServiceDetailsDialog, ServiceForm } from '@slotwise/catalog-ui';

const danger =
  'inline-flex items-center justify-center rounded-lg bg-rose-600 px-4 py-2 font-medium text-white hover:bg-rose-700 disabled:cursor-not-allowed disabled:opacity-60';

const iconOf = (slug: string) => CATEGORY_PAGES.find((c) => c.slug === slug)?.icon ?? 'grid';

/** The edit drawer: the service form in a panel sliding from the right. */
function EditDrawer({ service, onClose }: { service: Service; onClose: () => void }) {
  const save = useSaveService();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 flex justify-end bg-black/40" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <aside role="dialog" aria-modal="true" aria-label="Edit Service" className="h-full w-full max-w-xl overflow-y-auto bg-white p-6 shadow-xl dark:bg-slate-800">
        <div className="mb-4 flex items-start justify-between">
          <h2 className="text-xl font-semibold">Edit Service</h2>
          <button type="button" aria-label="Close" onClick={onClose} className="text-2xl leading-none text-slate-500 hover:text-slate-800 dark:hover:text-white">
            ×
          </button>
        </div>
        <ServiceForm
          service={service}
          onCancel={onClose}
          onSave={async (payload, id) => {
            const r = await save.mutateAsync({ id, payload });
            toast.success(r?.message || 'Service updated');
            onClose();
          }}
        />
      </aside>
    </div>
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

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(`${deleting.name} deleted`);
      setDeleting(null);
    } catch {
      toast.error('Failed to delete service.');
    }
  }

  return (
    <Page>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title="Service Catalog" subtitle={selected ? selected.name : 'Your services by category'} />
        <Link to="/add-service" className={`${btn.primary} gap-2`}>
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
          <button type="button" className={`${btn.secondary} mb-4`} onClick={() => setParams({})}>
            ← All categories
          </button>
          {inCategory(selected.name).length === 0 ? (
            <p className="py-8 text-center text-slate-600 dark:text-slate-300">No services in this category yet.</p>
          ) : (
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="catalog-services">
              {inCategory(selected.name).map((s) => (
                <article key={s._id} data-testid="catalog-service" className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-800">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="text-lg font-semibold">{s.name}</h3>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${s.isActive ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200' : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300'}`}>
                      {s.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </div>
                  {selected.name === 'Others' && s.category !== 'Others' && <p className="text-xs text-slate-500">{s.category}</p>}
                  <Stars rating={s.avgRating ?? 0} count={s.totalReviews ?? 0} />
                  <p className="mt-2 text-sm">
                    <span className="font-semibold text-indigo-700 dark:text-indigo-300">{formatRupees(s.price)}</span> · {formatDuration(s.duration)}
                  </p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-4">
                    <button type="button" className={btn.primary} onClick={() => setEditing(s)}>
                      Edit
                    </button>
                    <button type="button" className={btn.secondary} onClick={() => setDeleting(s)}>
                      Delete
                    </button>
                    <button type="button" className={btn.secondary} onClick={() => setInfo(s)}>
                      Know More
                    </button>
                  </div>
                </article>
              ))}
            </div>
          )}
        </div>
      )}

      {editing && <EditDrawer service={editing} onClose={() => setEditing(null)} />}
      {info && <ServiceDetailsDialog service={info} owner onClose={() => setInfo(null)} />}
      {deleting && (
        <Modal title="Delete service?" onClose={() => setDeleting(null)}>
          <p>
            Delete <strong>{deleting.name}</strong>? This cannot be undone.
          </p>
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" className={btn.secondary} onClick={() => setDeleting(null)}>
              Cancel
            </button>
            <button type="button" className={danger} disabled={remove.isPending} onClick={confirmDelete}>
              Delete
            </button>
          </div>
        </Modal>
      )}
    </Page>
  );
}
