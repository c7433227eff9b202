// The sign-in page's error messages (the forms' own codes and next-auth's), apart from the sign-in
// URL helpers of ./sign-in-url.ts, which every console page's browser code takes (the session-expired
// redirect) without these messages.

/** Errors of the customer-token form (thrown by its authorize(), shown by the form). */
export const CUSTOMER_TOKEN_ERRORS = {
  MissingToken: "Paste a Customer API token.",
  UnknownTokenPrefix:
    "This is not a Customer API token: it must start with ra_test_ (sandbox) or ra_live_ (production). Copy it again from the company settings of the dashboard.",
  InvalidTokenFormat: "The token contains characters a Customer API token never has (spaces or line breaks?). Copy it again.",
  TokenRejected:
    "The Employment API rejected this token: it is unknown, revoked or expired, or it belongs to the other environment. Check that ra_test_ tokens are used on sandbox and ra_live_ on production.",
  TokenWithoutCompany: "This token does not act for a company, so it cannot be used to sign in to the console.",
  ApiUnreachable: "The Employment API could not be reached to check the token. Try again in a moment.",
  ApiFailed: "The Employment API failed while checking the token. Try again in a moment.",
} as const;

/** Errors of the operator form (thrown by its authorize(), shown by the form). */
export const OPERATOR_ERRORS = {
  OperatorInvalid: "The email or password is incorrect.",
  OperatorLocked: "Too many failed sign-ins for this email: wait 15 minutes, then try again.",
} as const;

/** next-auth's error codes (`/sign-in?error=…`) and ours, in words a person can act on. */
const MESSAGES: Record<string, string> = {
  ...CUSTOMER_TOKEN_ERRORS,
  ...OPERATOR_ERRORS,
  OAuthSignin: "Signing in with the Employment API could not start. Try again.",
  OAuthCallback: "The Employment API did not complete the sign-in.",
  OAuthCreateAccount: "The sign-in could not be completed. Try again.",
  Callback: "The sign-in could not be completed. Try again.",
  OAuthAccountNotLinked: "The sign-in could not be completed. Try again.",
  AccessDenied: "Access was denied.",
  access_denied: "You declined access at the Employment API, so the console cannot act for your company.",
  CredentialsSignin: "The Customer API token was not accepted.",
  SessionRequired: "Sign in to continue.",
  SessionExpired: "Your session with the Employment API has ended. Sign in again.",
  Configuration: "The console's sign-in is not configured correctly. Ask the operator to check the server log.",
  Verification: "The sign-in link is no longer valid.",
};

/** The message of a code we know, or null (the API's error codes, e.g. access_denied, included). */
export function knownSignInError(code: string | null | undefined): string | null {
  return code ? (MESSAGES[code] ?? null) : null;
}

export function describeSignInError(code: string | null | undefined): string | null {
  if (!code) return null;
  return MESSAGES[code] ?? `Sign-in failed (${code.slice(0, 80)}). Try again.`;
}
