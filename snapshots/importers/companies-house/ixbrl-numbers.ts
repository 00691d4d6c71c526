// Inline XBRL number transforms: the displayed text of an ix:nonFraction to a value, with format, scale and sign.

export class NumberProblem extends Error {}

/** Formats whose text is a dash or nothing and whose value is zero (ixt:zerodash, ixt:numdash, ixt:fixed-zero, …). */
const ZERO = /^(zerodash|numdash|fixedzero|fixed-zero|zero|nocontent)$/;
/** Decimal comma: "1.234,56" (ixt:numdotcomma / ixt:numspacecomma / ixt-4:num-comma-decimal). */
const COMMA_DECIMAL = /^(numdotcomma|numspacecomma|numcommadecimal|num-comma-decimal|numcomma)$/;

/**
 * The value of a numeric fact. `format` is the local name of the transform (its prefix is any of ixt:, ixt2:,
 * ixt4:…); `scale` is the power of ten the displayed number is in; `sign="-"` negates, as the text never carries
 * the minus (a loss is shown as "(4,661,730)").
 */
export function factValue(displayed: string, format: string | null, scale: string | null, negative: boolean): number {
  const name = (format ?? '').toLowerCase();
  let digits: string;
  if (ZERO.test(name)) {
    digits = '0';
  } else {
    const t = displayed.replace(/[\s\u00a0()]/g, '');
    if (t === '' || /^[-–—]$/.test(t)) {
      // Plain numbers shown as a dash without a zero transform still mean nil by convention of the packages.
      if (name === '' && /^[-–—]$/.test(t)) digits = '0';
      else throw new NumberProblem(`no number in ${JSON.stringify(displayed.trim())}`);
    } else if (COMMA_DECIMAL.test(name)) {
      digits = t.replace(/[.\s']/g, '').replace(',', '.');
    } else {
      // num-dot-decimal, numcommadot, numspacedot, or no format at all: "," and spaces group thousands.
      digits = t.replace(/[,\s']/g, '');
    }
  }
  if (!/^-?\d+(\.\d+)?$/.test(digits) && !/^-?\.\d+$/.test(digits))
    throw new NumberProblem(`not a number: ${JSON.stringify(displayed.trim())}`);
  const power = scale === null || scale.trim() === '' ? 0 : Number(scale);
  if (!Number.isInteger(power)) throw new NumberProblem(`scale is not an integer: ${JSON.stringify(scale)}`);
  // Through the exponent notation, so 25 at scale -2 is 0.25 exactly, not 0.25000000000000006.
  const value = Number(`${digits}e${power}`);
  return negative ? -value : value;
}
