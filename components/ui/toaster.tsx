"use client";

import { useTheme } from "next-themes";
import { useEffect, useState, type ComponentType } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast, ToasterProps } from "sonner";

// Transient notices (sonner), loaded on the first notice: the root layout mounts `Toaster`, which
// draws nothing and loads nothing until `toast.*` is called (sonner is about 10 KB gzip that every
// route would otherwise download before its first paint: docs/decisions/console-bundle-budgets.md).
// The first call imports sonner, mounts its Toaster, and shows the notice once the Toaster listens.

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | null = null;
/** Resolved when sonner's Toaster has mounted (its effect subscribed to the notices). */
let listening: Promise<void> | null = null;
let markListening: (() => void) | null = null;
/** The mounted root Toaster's way to start drawing sonner's. */
let showHost: ((component: ComponentType<ToasterProps>) => void) | null = null;
/** sonner's Toaster, loaded before the root Toaster mounted (it draws it on mount). */
let loadedToaster: ComponentType<ToasterProps> | null = null;

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    listening = new Promise((resolve) => (markListening = resolve));
    sonner = import("sonner").then((mod) => {
      loadedToaster = mod.Toaster;
      showHost?.(mod.Toaster);
      return mod;
    });
  }
  return Promise.all([sonner, listening]).then(([mod]) => mod);
}

type Message = Parameters<Sonner["toast"]["success"]>[0];

/** `toast.success("Saved")` anywhere in the browser; the first call loads sonner. */
export const toast = {
  success: (message: Message, data?: ExternalToast) => void loadSonner().then((s) => s.toast.success(message, data)),
  error: (message: Message, data?: ExternalToast) => void loadSonner().then((s) => s.toast.error(message, data)),
  info: (message: Message, data?: ExternalToast) => void loadSonner().then((s) => s.toast.info(message, data)),
  message: (message: Message, data?: ExternalToast) => void loadSonner().then((s) => s.toast.message(message, data)),
};

/** Signals that sonner's Toaster, rendered just before it, has run its effects (it listens). */
function Listening() {
  useEffect(() => markListening?.(), []);
  return null;
}

/** Mounted once in the root layout. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  const [Sonner, setSonner] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    showHost = (component) => setSonner(() => component);
    if (loadedToaster) showHost(loadedToaster);
    return () => {
      showHost = null;
    };
  }, []);
  if (!Sonner) return null;
  return (
    <>
      <Sonner
        position="bottom-right"
        theme={resolvedTheme === "dark" ? "dark" : "light"}
        closeButton
        toastOptions={{ classNames: { toast: "font-sans text-sm" } }}
      />
      <Listening />
    </>
  );
}
