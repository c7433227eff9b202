import Link from "next/link";
import type { ComponentProps } from "react";
import { cn } from "./cn";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md";

// Named classes of app/globals.css (`.ui-btn`, `.ui-btn-<variant>`, `.ui-btn-<size>`: the same utilities
// by @apply), not the ~340 characters of utilities on every button of a page and again in its RSC
// payload (issue 11, docs/decisions/bench-console-pages.md). They sit in the components layer: a
// `className`'s utilities always win over them, in every state (hover, dark, disabled) too.
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "ui-btn-primary",
  secondary: "ui-btn-secondary",
  ghost: "ui-btn-ghost",
  danger: "ui-btn-danger",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "ui-btn-sm",
  md: "ui-btn-md",
};

export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn("ui-btn", VARIANTS[variant], SIZES[size], className);
}

export type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

export type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize };

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant = "secondary", size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses({ variant, size, className })} {...props} />;
}
