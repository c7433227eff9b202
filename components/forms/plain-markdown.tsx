import { Fragment, createElement, type ReactNode } from "react";

// What RJSF's `markdown-to-jsx/react` import resolves to (next.config.ts, turbopack.resolveAlias).
// RJSF renders markdown only in places the x-jsf forms never reach: its own descriptions and help
// when `ui:enableMarkdownInDescription`/`…InHelp` is set (the adapter's templates render the
// sanitized HTML of the schema instead), its stock FileWidget (XjsfFile replaces it) and its
// configuration-error messages. Those messages show as plain text; the form routes do not ship a
// markdown parser (about 15 KB gzip; docs/decisions/console-bundle-budgets.md).

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return createElement(Fragment, null, children);
}

export default Markdown;
