// Check-digit algorithms of the identifier schemes, and generators of valid values for tests and synthetic data.

const LEI_BASE = /^[A-Z0-9]{18}$/;
const LEI = /^[A-Z0-9]{18}[0-9]{2}$/;
const DIGITS = /^[0-9]+$/;

// ISO 7064 MOD 97-10 over the LEI read as one big number, letters expanded to two digits (A=10 … Z=35).
// Folding the remainder in as we go keeps every intermediate well below 2^53.
function mod97(alnum: string): number {
  let remainder = 0;
  for (const ch of alnum) {
    const value = Number.parseInt(ch, 36);
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder;
}

/** The two ISO 17442 check digits for an 18-character LEI base (upper-case letters and digits). */
export function leiCheckDigits(base18: string): string {
  if (!LEI_BASE.test(base18)) {
    throw new RangeError(`leiCheckDigits: base ${JSON.stringify(base18)} must be 18 characters A-Z or 0-9`);
  }
  return String(98 - mod97(`${base18}00`)).padStart(2, '0');
}

export function leiWithCheckDigits(base18: string): string {
  return base18 + leiCheckDigits(base18);
}

/** True for an already-normalised LEI (upper case, no spaces) whose check digits are right. */
export function isValidLei(s: string): boolean {
  return LEI.test(s) && mod97(s) === 1;
}

// Sum of the Luhn digits, doubling every second digit counted from the right; `doubleFirst` says
// whether the rightmost digit given is one of the doubled ones (it is when a check digit will follow).
function luhnSum(digits: string, doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum;
}

export function luhnValid(digits: string): boolean {
  return DIGITS.test(digits) && luhnSum(digits, false) % 10 === 0;
}

/** A Luhn-valid SIREN: the 8 given digits and their check digit. */
export function sirenWithCheckDigit(base8: string): string {
  if (!/^[0-9]{8}$/.test(base8)) {
    throw new RangeError(`sirenWithCheckDigit: base ${JSON.stringify(base8)} must be 8 digits`);
  }
  return base8 + String((10 - (luhnSum(base8, true) % 10)) % 10);
}

// CNPJ check digits are mod 11 with weights cycling 2..9 from the right, which written left to right
// is 5,4,3,2,9,…,2 for the first digit and 6,5,4,3,2,9,…,2 for the second. Each character counts as its
// ASCII code minus 48, so digits are themselves and the letters of alphanumeric CNPJs (issued from July
// 2026) are A = 17 … Z = 42: one rule for both forms.
function cnpjDigit(digits: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += (digits.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return String(remainder < 2 ? 0 : 11 - remainder);
}

/** A CNPJ (14 characters, unformatted): the 12 given characters (digits, or upper-case letters and digits) and two check digits. */
export function cnpjWithCheckDigits(base12: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base12)) {
    throw new RangeError(`cnpjWithCheckDigits: base ${JSON.stringify(base12)} must be 12 digits or upper-case letters`);
  }
  const first = base12 + cnpjDigit(base12);
  return first + cnpjDigit(first);
}

/** True for an unformatted CNPJ (12 digits or upper-case letters, then 2 check digits) with the right check
 * digits; one digit repeated 14 times passes the arithmetic but is a well-known placeholder, so it is refused. */
export function isValidCnpj(s: string): boolean {
  return /^[0-9A-Z]{12}[0-9]{2}$/.test(s) && !isOneDigitRepeated(s) && cnpjWithCheckDigits(s.slice(0, 12)) === s;
}

export function isOneDigitRepeated(digits: string): boolean {
  return /^([0-9])\1*$/.test(digits);
}
