import { useNavigate } from 'react-router';
import { useSession } from '@slotwise/shared-data-access';
import { Page, PageHeader, toast } from '@slotwise/shared-ui';
import { useSaveService } from '@slotwise/catalog-data-access';
import { ServiceForm } from '@slotwise/catalog-ui';

/** /add-service (providers only): the service form on its own page; saved → /my-services. */
export function AddServicePage() {
  const { user } = useSession();
  const save = useSaveService();
  const navigate = useNavigate();
  return (
    <Page>
      <div className="mx-auto max-w-2xl">
        <PageHeader title="Add New Service" subtitle="Describe the service, then generate the time slots customers can book." />
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-800">
          <ServiceForm
            defaultProvider={user?.providerInfo?.businessName ?? ''}
            onCancel={() => navigate(-1)}
            onSave={async (payload) => {
              const r = await save.mutateAsync({ payload });
              toast.success(r?.message || 'Service added');
              navigate('/my-services');
            }}
          />
        </div>
      </div>
    </Page>
  );
}
