import { useState } from 'react';
import { Link } from 'react-router';
import type { NextAvailable, Service } from '@slotwise/shared-contract';
import { Button, buttonClass, Stars } from '@slotwise/shared-ui';
import { formatDuration, formatRupees } from '@slotwise/shared-util';
import { ServiceDetailsDialog } from './ServiceDetails';
import { NO_FREE_SLOT, nextAvailableLabel } from './next-available';

export type ServiceCardData = Pick<
  Service,
  '_id' | 'name' | 'description' | 'price' | 'duration' | 'provider' | 'location' | 'contact' | 'imageUrl' | 'avgRating' | 'totalReviews'
> &
  Partial<Pick<Service, 'category' | 'icon' | 'queueOpen'>> & {
    /** A listing's first free slot (null: none in the window); absent where the answer has none. */
    nextAvailable?: NextAvailable | null;
  };

/** The closed queue's words, as the server's refusal says them (docs/product.md#provider-schedule). */
export function queueClosedMessage(business: string): string {
  return `${business || 'This provider'} is not taking bookings right now`;
}

export function bookingHref(s: Pick<Service, 'name' | '_id'>): string {
  const q = new URLSearchParams({ service: s.name, serviceId: s._id });
  return `/book?${q.toString()}`;
}

/** Name, stars, rupee price, duration, Book Now and a Know More modal (docs/product.md#screens-and-routes). */
export function ServiceCard({ service }: { service: ServiceCardData }) {
  const [open, setOpen] = useState(false);
  return (
    <article data-testid="service-card" className="flex flex-col rounded-xl border border-slate-200 bg-surface p-5 shadow-sm dark:border-slate-700">
      <div className="mb-2 flex items-start justify-between gap-2">
        {/* h2: the cards sit right under a page's h1 (axe heading-order: no level skipped).
            elementtiming: when the list paints, read by frontend/tools/lcp.mjs (Element Timing). */}
        <h2 className="text-lg font-semibold" {...{ elementtiming: 'service-name' }}>
          {service.icon && <span aria-hidden="true" className="mr-2">{service.icon}</span>}
          {service.name}
        </h2>
      </div>
      <Stars rating={service.avgRating ?? 0} count={service.totalReviews ?? 0} />
      {service.provider && <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{service.provider}</p>}
      {service.queueOpen === false ? (
        <p data-testid="queue-closed" className="mt-2 text-sm font-medium text-slate-600 dark:text-slate-300">
          {queueClosedMessage(service.provider)}
        </p>
      ) : service.nextAvailable !== undefined && (
        <p data-testid="next-available" className="mt-2 text-sm text-emerald-700 dark:text-emerald-300">
          {service.nextAvailable ? `Next: ${nextAvailableLabel(service.nextAvailable)}` : <span className="text-slate-500 dark:text-slate-400">{NO_FREE_SLOT}</span>}
        </p>
      )}
      <div className="mt-3 flex items-center gap-4 text-sm">
        <span className="text-lg font-semibold text-indigo-700 dark:text-indigo-300">{formatRupees(service.price)}</span>
        <span className="text-slate-600 dark:text-slate-300">{formatDuration(service.duration)}</span>
      </div>
      <div className="mt-auto flex gap-2 pt-4">
        {service.queueOpen === false ? (
          <Button disabled>Book Now</Button>
        ) : (
          <Link to={bookingHref(service)} className={buttonClass('primary')}>
            Book Now
          </Link>
        )}
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Know More
        </Button>
      </div>
      {open && <ServiceDetailsDialog service={service} onClose={() => setOpen(false)} />}
    </article>
  );
}

export function ServiceGrid({ services }: { services: ServiceCardData[] }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((s) => (
        <ServiceCard key={s._id || s.name} service={s} />
      ))}
    </div>
  );
}
