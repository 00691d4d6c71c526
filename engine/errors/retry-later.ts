// A refusal for now, with how long to wait: 429 rate_limited with its Retry-After (sign-in throttling, mail limits).
import { ServiceError } from './service-error.js';

export class RetryLaterError extends ServiceError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMs: number) {
    super('rate_limited', message);
    this.name = 'RetryLaterError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}
