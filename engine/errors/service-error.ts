// The one error type of the service: a closed set of codes, each with its HTTP status (CONTRACT.md §2).
import { StateLogError } from '../state/state-log-error.js';

export const ERROR_STATUS = {
  invalid_parameter: 400,
  missing_parameter: 400,
  /** A mailed link (address confirmation, password reset) that is forged, expired or already used. */
  invalid_link: 400,
  invalid_api_key: 401,
  /** An account request with neither a session cookie nor an account's API key. */
  not_signed_in: 401,
  /** A sign-in whose address and password do not match an account (which of the two is never said). */
  invalid_credentials: 401,
  payment_required: 402,
  invalid_access_token: 403,
  /** A state-changing request made with a session cookie but without its X-CSRF-Token. */
  invalid_csrf_token: 403,
  /** A sign-in with the right password to an account whose address is not confirmed yet. */
  email_not_verified: 403,
  /** A browser request to the MCP endpoint from an origin it does not answer (UNSHELL_MCP_ORIGINS). */
  origin_not_allowed: 403,
  not_found: 404,
  /** A method the path does not serve; the answer's `Allow` header lists those it does. */
  method_not_allowed: 405,
  /** The client did not send its request within the server's time. */
  request_timeout: 408,
  batch_too_large: 413,
  payload_too_large: 413,
  /** The request line is over the server's limit. */
  uri_too_long: 414,
  /** A change the account's plan does not allow (one more API key than it holds). */
  plan_limit_reached: 409,
  not_applicable: 422,
  rate_limited: 429,
  /** Over the plan's monthly credits, with metered API off. */
  credits_exhausted: 429,
  /** The request headers are over the server's limit. */
  headers_too_large: 431,
  internal: 500,
  /** The MCP tool server's upstream REST API could not be reached, refused, or answered nonsense. */
  upstream_unavailable: 502,
  not_ready: 503,
  /** The MCP tool server's upstream REST API did not answer within SERVICE_TIMEOUT_MS. */
  timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; param?: string };
}

export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly param: string | undefined;

  constructor(code: ErrorCode, message: string, param?: string) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.param = param;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.param === undefined ? {} : { param: this.param }) },
    };
  }
}

export const notFound = (what: string, value: string): ServiceError =>
  new ServiceError('not_found', `${what} "${value}" not found`);

export const invalidParameter = (param: string, message: string): ServiceError =>
  new ServiceError('invalid_parameter', message, param);

/**
 * Anything that is not a ServiceError is a bug: it becomes `internal`, with no internals in the message. The one
 * exception is the operator state not answering (a database of replicas unreachable): a passing condition, told
 * as one.
 */
export function toServiceError(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  if (err instanceof StateLogError)
    return new ServiceError(
      'not_ready',
      'the service could not read or record its operator state (keys, usage, purchases) just now; retry in a moment',
    );
  return new ServiceError('internal', 'internal error');
}
