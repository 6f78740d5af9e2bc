/**
 * Money as integer cents (bigint): sums and limits compare exactly, never through a float. Percent and
 * tax rates have two decimals too, so the same parsing gives hundredths of a percent.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Cents of a decimal string ("1234.5", "-0.01"); null and empty are zero. */
export function toCents(value: unknown): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const m = DECIMAL.exec(String(value).trim());
  if (!m) throw new Error(`not an amount with two decimals: ${String(value)}`);
  const cents = BigInt(m[2] ?? '0') * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

const abs = (n: bigint) => (n < 0n ? -n : n);

/** The decimal string of cents, as the wire and SQL take it: "-1234.50". */
export function toDecimal(cents: bigint): string {
  const digits = abs(cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Cents for a message: "1,234.50". */
export function formatMoney(cents: bigint): string {
  const [whole = '0', fraction = '00'] = toDecimal(abs(cents)).split('.');
  return `${cents < 0n ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** n / d rounded half away from zero (PostgreSQL's round() on numeric); d > 0. */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  return 2n * abs(r) >= d ? q + (n < 0n ? -1n : 1n) : q;
}

/** Tax of an amount excluding tax at a rate in hundredths of a percent (13% = 1300n): round(excl × rate, 2). */
export const taxOf = (excl: bigint, rate: bigint) => divRound(excl * rate, 10_000n);

/** Splits a tax-inclusive amount: excl = round(incl / (1 + rate)), tax = incl − excl. */
export function splitInclusive(incl: bigint, rate: bigint): { excl: bigint; tax: bigint } {
  const excl = divRound(incl * 10_000n, 10_000n + rate);
  return { excl, tax: incl - excl };
}

/**
 * The amount excluding tax whose invoice (tax = round(excl × rate), incl = excl + tax) comes to `incl`
 * exactly, when one exists within a cent or two of the plain split; else the nearest.
 */
export function exclForInvoice(incl: bigint, rate: bigint): bigint {
  const guess = splitInclusive(incl, rate).excl;
  for (const delta of [0n, -1n, 1n, -2n, 2n]) {
    const excl = guess + delta;
    if (excl + taxOf(excl, rate) === incl) return excl;
  }
  return guess;
}

/** Hundredths of a percent for a message: "90.00". */
export const formatPercent = (hundredths: bigint) => toDecimal(hundredths);
