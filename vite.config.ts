import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

// `npm run dev`: Vite with hot reload on 5173, /api proxied to the server started beside it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": { target: `http://127.0.0.1:${process.env.API_PORT ?? 3001}`, changeOrigin: false } },
  },
  // Source maps are written for error tools but not referenced from the scripts, and the server never
  // serves them (server/http/static-app.ts).
  build: { outDir: "dist", sourcemap: "hidden", target: "es2022" },
})
