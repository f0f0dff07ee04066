/** API base address, fixed at build time (VITE_API_BASE); http://localhost:5001 by default. */
export const API_BASE: string = (
  (import.meta.env?.VITE_API_BASE as string | undefined) || 'http://localhost:5001'
).replace(/\/+$/, '');
