import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import type { ExternalToast } from 'sonner';

// One toast API for every screen (sonner): screens call toast.success / toast.error. sonner (about
// 9 kB gzipped) is a chunk of its own, loaded once the page has loaded and the browser is idle, or
// at the first toast: never part of the code the first screen waits for (docs/operations.md "Web
// speed on a phone"). A toast asked for before the region is ready shows once it is (sonner's
// region shows only toasts made after it mounted).
const sonner = () => import('sonner');

let regionReady: Promise<void> | null = null;
let markRegionReady = () => undefined as void;
/** Mounts the region now (a toast is waiting); set while a region is rendered. */
let wakeRegion: (() => void) | null = null;

async function show(kind: 'success' | 'error', message: string, data?: ExternalToast) {
  wakeRegion?.();
  const m = await sonner();
  if (regionReady) await regionReady;
  if (data === undefined) m.toast[kind](message);
  else m.toast[kind](message, data);
}

export const toast = {
  success: (message: string, data?: ExternalToast): void => void show('success', message, data),
  error: (message: string, data?: ExternalToast): void => void show('error', message, data),
};

/** Bottom of the screen: never over the navbar's user menu or menu button. */
export const TOAST_POSITION = 'bottom-right';

const Toaster = lazy(() =>
  sonner().then((m) => ({
    default: function ReadyToaster(props: ComponentProps<typeof m.Toaster>) {
      // Runs after sonner's own region has subscribed (a child's effects run first).
      useEffect(() => markRegionReady(), []);
      return <m.Toaster {...props} />;
    },
  })),
);

/**
 * Where toasts appear: an aria-live region (sonner's Toaster), themed like the page. Rendered
 * once, by the layout.
 */
export function ToastRegion({ theme, duration }: { theme: 'light' | 'dark'; duration: number }) {
  if (!regionReady) regionReady = new Promise<void>((resolve) => (markRegionReady = resolve));
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    wakeRegion = mount;
    const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(mount, { timeout: 3000 }) : window.setTimeout(mount, 1000));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => {
      wakeRegion = null;
      window.removeEventListener('load', idle);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} duration={duration} richColors position={TOAST_POSITION} />
    </Suspense>
  );
}
