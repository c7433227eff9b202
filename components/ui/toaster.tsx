"use client";

import { Toaster as SonnerToaster, toast } from "sonner";
import { useTheme } from "next-themes";

/** Transient notices (sonner): mounted once in the root layout; call `toast.success(...)` anywhere. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <SonnerToaster
      position="bottom-right"
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      closeButton
      toastOptions={{ classNames: { toast: "font-sans text-sm" } }}
    />
  );
}

export { toast };
