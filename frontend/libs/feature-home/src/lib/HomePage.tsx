import { useSession } from '@slotwise/data-access';
import { Spinner } from '@slotwise/ui';
import { CustomerHome } from './CustomerHome';
import { ProviderHome } from './ProviderHome';

/** '/': provider home for providers, otherwise customer home. */
export function HomePage() {
  const { role, loadingUser } = useSession();
  if (loadingUser) return <div className="mx-auto max-w-6xl px-4"><Spinner /></div>;
  return role === 'provider' ? <ProviderHome /> : <CustomerHome />;
}
