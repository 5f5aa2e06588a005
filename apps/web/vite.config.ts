import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './precompress';

// The exchange (apps/server) serves the API, the socket and uploads on one port; in development Vite
// forwards those paths to it. ORYX_API_URL points elsewhere when the server runs on another port.
const target = process.env.ORYX_API_URL ?? 'http://127.0.0.1:8080';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target, changeOrigin: true },
  '/uploads': { target, changeOrigin: true },
  '/wss': { target, changeOrigin: true, ws: true },
};

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Libraries change less often than our code: separate chunks stay cached across releases. Only the
    // libraries every page needs are grouped; the others (the chart, the socket client) stay in the
    // chunks of the pages that use them, so the home page does not download them.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](i18next|react-i18next|@tanstack|zod|void-elements|html-parse-stringify)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
