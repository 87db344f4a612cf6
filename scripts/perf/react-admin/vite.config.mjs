import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** A production build, as react-admin's own Vite template makes it (no chunk tuning). */
export default defineConfig({ plugins: [react()], build: { outDir: 'dist' } });
