// A vessel's name without the prefix that says what kind of ship it is: M/T Ocean Star is the Ocean Star.

/**
 * Type prefixes as registers and lists write them (M/T, MT, M.V., MV, SS, MY, TB, FV …), with their punctuation.
 * Matched case-insensitively at the start only: a name may well end in "MV".
 */
const PREFIX =
  /^\s*(?:m\s*[/.]?\s*[tvys]|s\s*\.?\s*s|t\s*\.?\s*b|f\s*\.?\s*v|r\s*\.?\s*v|l\s*\.?\s*p\s*\.?\s*g)\.?\s+/i;

/** The name without its type prefix; unchanged when none is there or nothing would be left. */
export function withoutVesselPrefix(name: string): string {
  const rest = name.replace(PREFIX, '');
  return rest.trim() === '' ? name : rest;
}
