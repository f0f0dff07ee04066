// Which public reads a route starts with, as its screen asks for them: a category page lists
// GET /services?category=<its query name> (catalog-feature-browse's useServicePages, first page);
// the booking page reads the service and its availability (booking-feature-book). A request the
// screen does not make is never taken, so a mismatch costs one wasted request, not wrong data.
import { categoryBySlug } from '@slotwise/shared-util';

/** The API addresses (under apiBase) to start for the page at pathname?search; [] for most routes. */
export function routePrefetches(pathname: string, search: string, apiBase: string): string[] {
  const category = /^\/categories\/([^/]+)\/?$/.exec(pathname);
  if (category) {
    const c = categoryBySlug(decodeURIComponent(category[1]));
    return c ? [`${apiBase}/services?category=${encodeURIComponent(c.query)}`] : [];
  }
  if (pathname === '/book' || pathname === '/appointments') {
    const id = new URLSearchParams(search).get('serviceId');
    if (!id) return [];
    const service = `${apiBase}/services/${encodeURIComponent(id)}`;
    return [service, `${service}/availability`];
  }
  return [];
}
