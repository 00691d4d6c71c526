// Query parameters as yente takes them: repeatable lists and its pattern for a change date.
import { z } from 'zod';

/** yente's TS_PATTERN for `changed_since`. */
export const CHANGED_SINCE = /^\d{4}-\d{2}-\d{2}(T\d{2}(:\d{2}(:\d{2})?)?)?$/;

export const ChangedSince = z.string().regex(CHANGED_SINCE, 'expected YYYY-MM-DD[Thh[:mm[:ss]]]').optional();

/** A parameter that may be repeated (`?include_dataset=a&include_dataset=b`), given once, or not at all. */
export const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
