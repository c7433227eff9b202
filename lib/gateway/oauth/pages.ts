import "server-only";
import type { Environment } from "@/lib/contract";
import type { GatewayContext } from "../context";
import { AUTHORIZE_PARAMS, type AuthorizeParamName } from "./authorize-request";
import { groupScopes } from "./scope-areas";

// The provider's own pages: server-rendered HTML that works without JavaScript, with native form
// controls, real labels, a <main> landmark, headings and a visible focus ring.

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const STYLE = `
:root{color-scheme:light;--fg:#1f2933;--muted:#52606d;--line:#cbd2d9;--accent:#1849a9;--accent-fg:#fff;--danger:#b42318;--bg:#f5f7fa}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{display:flex;gap:.75rem;align-items:center;justify-content:center;padding:1rem;font-weight:600}
.env{font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.05em;border:1px solid currentColor;border-radius:999px;padding:.1rem .6rem;color:var(--muted)}
main{max-width:30rem;margin:0 auto 3rem;padding:2rem;background:#fff;border:1px solid var(--line);border-radius:.75rem}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem}
h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
p{margin:0 0 1rem}
.muted{color:var(--muted)}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=email],input[type=password]{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid #7b8794;border-radius:.4rem;background:#fff;color:inherit}
input[aria-invalid=true]{border-color:var(--danger)}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:.6rem 1.25rem;border-radius:.4rem;border:1px solid var(--accent);cursor:pointer;text-decoration:none;text-align:center}
.primary{background:var(--accent);color:var(--accent-fg)}
.secondary{background:#fff;color:var(--accent)}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}
.actions>*{flex:1 1 8rem}
:focus-visible{outline:3px solid #0b1f44;outline-offset:2px}
.alert{border:1px solid var(--danger);border-left-width:.35rem;color:var(--danger);background:#fef3f2;padding:.75rem 1rem;border-radius:.4rem;margin:0 0 1rem}
ul.areas{list-style:none;margin:0;padding:0;border-top:1px solid var(--line)}
ul.areas>li{border-bottom:1px solid var(--line);padding:.5rem 0}
ul.areas summary{cursor:pointer;padding:.15rem 0}
.area-line{display:block;color:var(--muted);font-size:.9rem}
ul.scopes{margin:.5rem 0 .25rem;padding-left:1.25rem;font-size:.9rem}
ul.scopes li{margin:.15rem 0}
.sticky-actions{position:sticky;bottom:0;background:#fff;margin:0 -2rem -2rem;padding:1rem 2rem;border-top:1px solid var(--line);border-radius:0 0 .75rem .75rem}
.sticky-actions .actions{margin-top:0}
@media (max-width:30rem){main{padding:1.25rem;margin-bottom:0;border-radius:0;border-left:0;border-right:0}.sticky-actions{margin:0 -1.25rem -1.25rem;padding:.75rem 1.25rem;border-radius:0}h1{font-size:1.3rem}}
code{font-size:.85em;color:var(--muted)}
@media (prefers-reduced-motion:no-preference){button{transition:background-color .15s}}
`.replace(/\n/g, "");

const ENVIRONMENT_LABEL: Record<Environment, string> = { sandbox: "Sandbox", production: "Production" };

function layout(environment: Environment, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Employment API</title>
<style>${STYLE}</style>
</head>
<body>
<header><span>Employment API</span><span class="env">${ENVIRONMENT_LABEL[environment]}</span></header>
<main>
${body}
</main>
</body>
</html>`;
}

function hiddenFields(params: Partial<Record<AuthorizeParamName, string | undefined>>, csrfToken: string): string {
  const fields = AUTHORIZE_PARAMS.filter((n) => params[n] !== undefined).map(
    (n) => `<input type="hidden" name="${n}" value="${escapeHtml(params[n] ?? "")}">`,
  );
  fields.push(`<input type="hidden" name="csrf_token" value="${escapeHtml(csrfToken)}">`);
  return fields.join("\n");
}

export interface LoginPageInput {
  environment: Environment;
  clientName: string;
  params: Partial<Record<AuthorizeParamName, string | undefined>>;
  csrfToken: string;
  email?: string;
  error?: string;
}

export function renderLoginPage(input: LoginPageInput): string {
  const invalid = input.error ? ` aria-invalid="true" aria-describedby="form-error"` : "";
  const body = `<h1>Sign in</h1>
<p><strong>${escapeHtml(input.clientName)}</strong> wants to connect to your company. Sign in with your Employment API account to continue.</p>
${input.error ? `<div class="alert" role="alert" id="form-error">${escapeHtml(input.error)}</div>` : ""}
<form method="post" action="/auth/oauth2/authorize/login">
${hiddenFields(input.params, input.csrfToken)}
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required spellcheck="false" value="${escapeHtml(input.email ?? "")}"${invalid}${input.error ? "" : " autofocus"}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${input.error ? " autofocus" : ""}>
</div>
<div class="actions"><button type="submit" class="primary">Sign in</button></div>
</form>`;
  return layout(input.environment, "Sign in", body);
}

export interface ConsentPageInput {
  environment: Environment;
  clientName: string;
  companyName: string;
  user: { name: string; email: string };
  scopes: readonly string[];
  redirectUri: string;
  params: Partial<Record<AuthorizeParamName, string | undefined>>;
  csrfToken: string;
}

/**
 * The consent page: the requested scopes grouped by area, one line each, the scopes themselves behind a
 * <details>; Allow and Deny sit in a footer that stays in view (position: sticky) however long the list.
 */
export function renderConsentPage(input: ConsentPageInput): string {
  const client = escapeHtml(input.clientName);
  const company = escapeHtml(input.companyName);
  const groups = groupScopes(input.scopes)
    .map((g) => {
      const scopes = g.scopes.map((s) => `<li>${escapeHtml(s.description)} <code>${escapeHtml(s.scope)}</code></li>`).join("\n");
      return `<li><details><summary><strong>${escapeHtml(g.label)}</strong><span class="area-line">${escapeHtml(g.summary)}</span></summary>
<ul class="scopes" aria-label="${escapeHtml(g.label)}: scopes">
${scopes}
</ul></details></li>`;
    })
    .join("\n");
  const body = `<h1>Allow ${client} to access ${company}?</h1>
<p class="muted">Signed in as ${escapeHtml(input.user.name)} (${escapeHtml(input.user.email)}).</p>
<form method="post" action="/auth/oauth2/authorize/consent">
${hiddenFields(input.params, input.csrfToken)}
<h2 id="scopes-heading">${client} will be able to:</h2>
<ul class="areas" aria-labelledby="scopes-heading">
${groups}
</ul>
<p class="muted">${input.scopes.length} ${input.scopes.length === 1 ? "permission" : "permissions"}; open an area to see them. It acts for ${company} until the access is withdrawn. Either way you will be returned to ${escapeHtml(new URL(input.redirectUri).origin)}.</p>
<div class="sticky-actions">
<div class="actions">
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</div>
</div>
</form>`;
  return layout(input.environment, `Allow ${input.clientName}`, body);
}

export function renderErrorPage(input: {
  environment: Environment;
  title: string;
  message: string;
  backLink?: { href: string; label: string };
}): string {
  const back = input.backLink
    ? `<div class="actions"><a class="button secondary" href="${escapeHtml(input.backLink.href)}">${escapeHtml(input.backLink.label)}</a></div>`
    : "";
  return layout(input.environment, input.title, `<h1>${escapeHtml(input.title)}</h1>\n<p>${escapeHtml(input.message)}</p>\n${back}`);
}

/**
 * Headers of every page: never cached (they carry CSRF tokens and personal data), never framed
 * (a framed consent page invites clickjacking), no referrer (URLs carry state and codes), no scripts.
 */
export const PAGE_HEADERS = {
  "Cache-Control": "no-store",
  Pragma: "no-cache",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
} as const;

export function htmlPage(c: GatewayContext, status: 200 | 400 | 401 | 403 | 429, html: string): Response {
  return c.html(html, status, PAGE_HEADERS);
}

/** A 303 to the client (after a form post the browser follows it with a GET). */
export function redirectTo(c: GatewayContext, location: string, status: 302 | 303): Response {
  return c.body(null, status, { ...PAGE_HEADERS, Location: location });
}
