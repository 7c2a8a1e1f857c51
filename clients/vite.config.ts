import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './pwa/service-worker-plugin.ts';

const engine = `http://127.0.0.1:${process.env.ENGINE_PORT ?? 3000}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), serviceWorker()],
  server: {
    proxy: {
      '/api': { target: engine, changeOrigin: true },
      '/socket.io': { target: engine, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      // schemas/ is pure declarations (zod schemas, constants, the statechart), so
      // importing one constant must not pull every schema and xstate into the bundle.
      treeshake: {
        moduleSideEffects: (id) => !id.replaceAll('\\', '/').includes('/schemas/src/'),
      },
    },
  },
});
