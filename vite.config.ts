import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser app. `npm run dev` serves it with hot reload and proxies /api to the API server.
export default defineConfig({
  root: 'src/client',
  publicDir: path.resolve(import.meta.dirname, 'src/client/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3001}`, changeOrigin: false } },
  },
});
