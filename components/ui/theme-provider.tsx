"use client";

import type { ReactNode } from "react";
import { ThemeProvider as NextThemesProvider } from "next-themes";

/**
 * The colour theme, on next-themes: the `dark` class on <html> (Tailwind's `dark:` variant is bound to
 * it in app/globals.css), the operating system's choice by default, the user's choice kept in
 * localStorage and applied before the first paint (no flash).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <NextThemesProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      {children}
    </NextThemesProvider>
  );
}

// The theme choice (a radio group) is ./theme-choice.tsx: only the account menu shows it.
