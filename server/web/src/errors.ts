// What a page says when a call failed: the server's message, and what the reader can do about it.
import type { ApiError } from './api.js';
import { errorNote } from './format.js';

const ADVICE: Record<string, string> = {
  not_found: 'Check the name or number, or search for it from the home page.',
  rate_limited: 'Too many requests from here for now: wait a minute and reload.',
  credits_exhausted: 'The credits of this key are used up for the month.',
  invalid_parameter: 'Check what was typed: the message above says which part is wrong.',
  not_ready: 'The service is still loading its data: reload in a few seconds.',
  unreachable: 'Check the connection, then reload.',
};

export function apiErrorNote(error: ApiError): HTMLElement {
  return errorNote(
    error.message,
    ADVICE[error.code] ?? 'Reload the page; if it keeps failing, the service may be down.',
  );
}
