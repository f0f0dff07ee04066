import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../../node_modules/.vite/libs/shared/data-access',
  plugins: [react()],
  test: {
    name: 'shared-data-access',
    watch: false,
    globals: true,
    environment: 'jsdom',
    include: ['src/**/*.{test,spec}.{ts,tsx}'],
    // MSW: the one mock API of every spec (libs/shared/testing).
    setupFiles: ['../../shared/testing/src/setup.ts'],
    reporters: ['default'],
  },
}));
