// A validation error of a form field's JSON, named after the field rather than a request body.
import { ServiceError } from '../../errors/service-error.js';

/** `(body) must be of type object` becomes `extend must be of type object`; a nested path gets the field in front. */
export function inField(field: string, e: ServiceError): ServiceError {
  const message = e.message.startsWith('(body)')
    ? `${field}${e.message.slice('(body)'.length)}`
    : `${field}.${e.message}`;
  return new ServiceError(
    e.code,
    message,
    e.param === undefined || e.param === '(body)' ? field : `${field}.${e.param}`,
  );
}
