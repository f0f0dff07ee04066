import type { ReactNode } from 'react';
import type { Service } from '@slotwise/shared-contract';
import { Dialog, SafeImage, Stars } from '@slotwise/shared-ui';
import { formatDuration, formatRupees } from '@slotwise/shared-util';
import type { ServiceCardData } from './ServiceCard';

interface Props {
  service: ServiceCardData & Partial<Pick<Service, 'timeSlots' | 'isActive'>>;
  /** the provider's own view: category, time slots and status too */
  owner?: boolean;
  onClose: () => void;
}

/** Know More (docs/product.md#screens-and-routes): a service's image, description and facts in a dialog. */
export function ServiceDetailsDialog({ service, owner = false, onClose }: Props) {
  const rows: Array<[string, ReactNode]> = [
    ...(owner ? [['Category', service.category] as [string, ReactNode]] : []),
    ['Provider', service.provider],
    ['Location', service.location],
    ['Contact', service.contact],
    ['Price', formatRupees(service.price)],
    ['Duration', formatDuration(service.duration)],
    ...(owner
      ? ([
          ['Time slots', (service.timeSlots ?? []).join(', ') || '—'],
          ['Status', service.isActive ? 'Active' : 'Inactive'],
        ] as Array<[string, ReactNode]>)
      : []),
    ['Rating', <Stars key="rating" rating={service.avgRating ?? 0} count={service.totalReviews ?? 0} />],
  ];
  return (
    <Dialog title={service.name} onClose={onClose}>
      {service.imageUrl && <SafeImage src={service.imageUrl} alt={service.name} className="mb-4 h-56 w-full rounded-lg object-cover" />}
      <p className="mb-4 text-slate-700 dark:text-slate-200">{service.description}</p>
      <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
