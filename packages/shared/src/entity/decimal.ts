/**
 * A decimal's text with its integer part grouped by thousands: 19820000.00 → 19,820,000.00. Works on
 * the text, so amounts past 2^53 keep every digit (money is a decimal string on the wire).
 */
export function groupDigits(value: string): string {
  const [whole = '', fraction] = value.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.slice(sign.length).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * Exact decimal arithmetic for money and rates: an integer of units and how many of its digits are after
 * the point (12.50 is {units: 1250n, scale: 2}). Never a float, so browser and server get the same cents.
 */
export type Decimal = { units: bigint; scale: number };

const DECIMAL_TEXT = /^\s*([+-])?(\d*)(?:\.(\d*))?\s*$/;
/** Digits kept after the point by a division before the result is rounded to its field. */
const DIVISION_SCALE = 12;

/** The decimal of a wire value (a decimal string or a number); null when it is empty or not a number. */
export function parseDecimal(value: unknown): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value);
  if (/e/i.test(text)) return parseDecimal(Number(text).toFixed(20).replace(/0+$/, ''));
  const m = DECIMAL_TEXT.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const fraction = m[3] ?? '';
  const units = BigInt(`${m[2] || '0'}${fraction}`);
  return { units: m[1] === '-' ? -units : units, scale: fraction.length };
}

const pow10 = (n: number) => 10n ** BigInt(n);
const abs = (n: bigint) => (n < 0n ? -n : n);

/** n / d rounded half away from zero (PostgreSQL's round() on numeric); d > 0. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  return 2n * abs(r) >= d ? q + (n < 0n ? -1n : 1n) : q;
}

function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

/** `a` with `scale` digits after the point, rounded half away from zero. */
export function roundDecimal(a: Decimal, scale: number): Decimal {
  if (scale >= a.scale) return { units: a.units * pow10(scale - a.scale), scale };
  return { units: divRound(a.units, pow10(a.scale - scale)), scale };
}

export const addDecimal = (a: Decimal, b: Decimal): Decimal => {
  const [x, y, scale] = aligned(a, b);
  return { units: x + y, scale };
};
export const subDecimal = (a: Decimal, b: Decimal): Decimal => addDecimal(a, { units: -b.units, scale: b.scale });
export const mulDecimal = (a: Decimal, b: Decimal): Decimal => ({ units: a.units * b.units, scale: a.scale + b.scale });
/** a / b to DIVISION_SCALE digits; null when b is zero. */
export function divDecimal(a: Decimal, b: Decimal): Decimal | null {
  if (b.units === 0n) return null;
  const [x, y] = aligned(a, b);
  const n = x * pow10(DIVISION_SCALE);
  return { units: y < 0n ? divRound(-n, -y) : divRound(n, y), scale: DIVISION_SCALE };
}
export function compareDecimal(a: Decimal, b: Decimal): number {
  const [x, y] = aligned(a, b);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** The wire text of a decimal with exactly `scale` digits after the point: "-1234.50". */
export function decimalText(a: Decimal, scale: number): string {
  const { units } = roundDecimal(a, scale);
  const digits = abs(units)
    .toString()
    .padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(-scale)}` : '';
  return `${units < 0n ? '-' : ''}${whole}${fraction}`;
}
