/**
 * The API's address: `/api` of the origin the app was loaded from, whatever address that is (the
 * devstack's web server, the chart's ingress and the Vite dev server pass /api/… to the gateway).
 * VITE_API_BASE at build time overrides it, for a build that must call another address (the
 * Content-Security-Policy then has to allow that origin too).
 */
export const API_BASE: string = apiBase(import.meta.env?.VITE_API_BASE as string | undefined, globalThis.location?.origin);

/** The absolute API address of `configured` (default `/api`) resolved against `origin`. */
export function apiBase(configured: string | undefined, origin: string | undefined): string {
  return new URL(configured || '/api', origin || 'http://localhost').href.replace(/\/+$/, '');
}
