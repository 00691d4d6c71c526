// Typed arrays grow by copying: the copy, in a new array of the length asked for.

type Column = Int32Array | Uint32Array | Float64Array | Uint16Array | Uint8Array;

/** `array` copied into `make(length)`; the slots past its end are zero. */
export function grown<T extends Column>(array: T, length: number, make: (length: number) => T): T {
  const out = make(length);
  out.set(array);
  return out;
}
