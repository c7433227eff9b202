import "server-only";

/** RFC 6749 5.2 error codes (and RFC 7009's), answered as `{error, error_description}`. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "unsupported_token_type";

export class OAuthError extends Error {
  readonly status: 400 | 401;
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
    this.status = error === "invalid_client" ? 401 : 400;
  }
}
