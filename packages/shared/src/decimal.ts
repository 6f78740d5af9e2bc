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
