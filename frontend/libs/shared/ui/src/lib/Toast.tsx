import { Toaster } from 'sonner';

// One toast API for every screen (sonner): screens call toast.success / toast.error.
export { toast } from 'sonner';

/** Bottom of the screen: never over the navbar's user menu or menu button. */
export const TOAST_POSITION = 'bottom-right';

/**
 * Where toasts appear: an aria-live region (sonner's Toaster), themed like the page. Rendered
 * once, by the layout.
 */
export function ToastRegion({ theme, duration }: { theme: 'light' | 'dark'; duration: number }) {
  return <Toaster theme={theme} duration={duration} richColors position={TOAST_POSITION} />;
}
