/**
 * A pattern a form's field is checked against runs on the server for every answer (a public link's visitor's
 * too), so one that can backtrack for minutes on a short value is refused in the design.
 */

/** A quantifier that repeats without bound: *, + or {n,} / {n,m} with m above 1. */
const UNBOUNDED = /^(?:[*+]|\{\d+,(?:\d*[2-9]\d*|\d{2,})?\})/;

/**
 * Whether a pattern repeats a group that itself repeats ((a+)+, (\w+\s?)*): such a pattern can backtrack for
 * minutes on one short value, and every answer (a public link's visitor's too) runs it on the server.
 */
export function repeatsARepeat(pattern: string): boolean {
  const stack: boolean[] = [false];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
    } else if (c === '(') {
      stack.push(false);
      if (pattern[i + 1] === '?') i += pattern[i + 2] === '<' && '=!'.includes(pattern[i + 3] ?? '') ? 3 : 2;
    } else if (c === ')' && stack.length > 1) {
      const inner = stack.pop() === true;
      const repeated = UNBOUNDED.test(pattern.slice(i + 1));
      if (inner && repeated) return true;
      stack[stack.length - 1] ||= inner || repeated;
    } else if (UNBOUNDED.test(pattern.slice(i))) stack[stack.length - 1] = true;
  }
  return false;
}
