"use client";

import { signIn } from "next-auth/react";
import { useId, useRef, useState, type FormEvent } from "react";
import type { Environment } from "@/lib/contract/enums";
import { describeSignInError } from "@/lib/console/auth/sign-in-errors";

// The two ways to sign in. next-auth's client does the CSRF handshake and the POST; the API tokens
// never pass through this code (OAuth happens at the API's pages, a Customer API token is sent once).

const ENVIRONMENT_CHOICES: { value: Environment; label: string; hint: string }[] = [
  { value: "sandbox", label: "Sandbox", hint: "Test data" },
  { value: "production", label: "Production", hint: "Live data" },
];

const buttonClass =
  "inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

export function OAuthSignInForm({ callbackUrl, defaultEnvironment }: { callbackUrl: string; defaultEnvironment: Environment }) {
  const [environment, setEnvironment] = useState<Environment>(defaultEnvironment);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      // The environment travels as an authorization parameter; the server keeps it for the callback.
      await signIn("employment-api", { callbackUrl }, { environment });
    } catch {
      setError("Signing in could not start: the console did not answer. Try again.");
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-describedby={error ? errorId : undefined}>
      <fieldset>
        <legend className="text-sm font-medium">Environment</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {ENVIRONMENT_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-slate-900"
            >
              <input
                type="radio"
                name="environment"
                value={choice.value}
                checked={environment === choice.value}
                onChange={() => setEnvironment(choice.value)}
                className="mt-0.5"
              />
              <span>
                <span className="block font-medium">{choice.label}</span>
                <span className="block text-slate-600 dark:text-slate-400">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonClass} disabled={pending} aria-busy={pending}>
        {pending ? "Redirecting to the Employment API…" : "Sign in with the Employment API"}
      </button>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function CustomerTokenForm({ callbackUrl }: { callbackUrl: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const token = String(new FormData(event.currentTarget).get("token") ?? "").trim();
    if (!token) {
      setError(describeSignInError("MissingToken"));
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await signIn("customer-token", { token, callbackUrl, redirect: false });
      if (result?.ok && !result.error) {
        window.location.assign(result.url ?? callbackUrl);
        return;
      }
      setError(describeSignInError(result?.error ?? "CredentialsSignin"));
    } catch {
      setError(describeSignInError("ApiUnreachable"));
    }
    setPending(false);
    inputRef.current?.focus();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium">
          Customer API token
        </label>
        <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Starts with <code className="font-mono">ra_test_</code> (sandbox) or <code className="font-mono">ra_live_</code> (production). It
          is kept encrypted on the server and forgotten when you sign out.
        </p>
        <input
          ref={inputRef}
          id={inputId}
          name="token"
          type="password"
          required
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="mt-2 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <button type="submit" className={buttonClass} disabled={pending} aria-busy={pending}>
        {pending ? "Checking the token…" : "Sign in with the token"}
      </button>
    </form>
  );
}

export function OperatorSignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      setError("Enter your email and password.");
      emailRef.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await signIn("operator", { email, password, callbackUrl, redirect: false });
      if (result?.ok && !result.error) {
        window.location.assign(result.url ?? callbackUrl);
        return;
      }
      setError(describeSignInError(result?.error === "CredentialsSignin" ? "OperatorInvalid" : (result?.error ?? "OperatorInvalid")));
    } catch {
      setError("The console did not answer. Try again.");
    }
    setPending(false);
    emailRef.current?.focus();
  }

  const input =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900";
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate aria-describedby={error ? errorId : undefined}>
      <div>
        <label htmlFor={emailId} className="block text-sm font-medium">
          Email
        </label>
        <input
          ref={emailRef}
          id={emailId}
          name="email"
          type="email"
          autoComplete="username"
          aria-invalid={error ? true : undefined}
          className={input}
        />
      </div>
      <div>
        <label htmlFor={passwordId} className="block text-sm font-medium">
          Password
        </label>
        <input
          id={passwordId}
          name="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          className={input}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <button type="submit" className={buttonClass} disabled={pending} aria-busy={pending}>
        {pending ? "Signing in…" : "Sign in as an operator"}
      </button>
    </form>
  );
}
