// Headers on every API response (issue 10 item 4): answers carry personal data, so no shared or
// browser cache may keep them, and no browser may guess a type other than the one declared.
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
} as const;
