import { Link, useSearchParams } from 'react-router';
import { Placeholder, btn } from '@slotwise/ui';

/** /book?service=&serviceId= and /appointments (login required). */
export function BookingPage() {
  const [params] = useSearchParams();
  const service = params.get('service');
  const serviceId = params.get('serviceId');
  return (
    <Placeholder title={service ? `Book ${service}` : 'Book an Appointment'}>
      {serviceId ? (
        <p data-service-id={serviceId}>Slot selection for this service is coming soon.</p>
      ) : (
        <p>
          Pick a service first.{' '}
          <Link to="/services" className={btn.secondary}>
            Browse services
          </Link>
        </p>
      )}
    </Placeholder>
  );
}
