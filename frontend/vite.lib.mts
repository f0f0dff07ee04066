import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The Vite/Vitest config of a lib at libs/<domain>/<lib>: its specs run in jsdom against the one
 * mock API of libs/shared/testing (MSW), started by that lib's setup file.
 */
export function libConfig(libRoot: string) {
  const lib = path.relative(path.join(import.meta.dirname, 'libs'), libRoot);
  return defineConfig({
    root: libRoot,
    cacheDir: path.join(import.meta.dirname, 'node_modules/.vite/libs', lib),
    plugins: [react()],
    test: {
      name: lib.replace('/', '-'),
      watch: false,
      globals: true,
      environment: 'jsdom',
      include: ['src/**/*.{test,spec}.{ts,tsx}'],
      setupFiles: [path.join(import.meta.dirname, 'libs/shared/testing/src/setup.ts')],
      reporters: ['default'],
    },
  });
}
