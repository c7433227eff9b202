import type { Config } from "tailwindcss";

// Tailwind 4 reads its theme from CSS; this file (loaded by `@config` in app/globals.css) only holds
// what is easier to share as TypeScript. Content detection is automatic.
const config = {
  theme: {
    extend: {
      fontFamily: {
        sans: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "Consolas", "monospace"],
      },
    },
  },
} satisfies Omit<Config, "content">;

export default config;
