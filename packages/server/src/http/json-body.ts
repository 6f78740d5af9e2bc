import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Deeper than any body the API takes (a data-permission filter, the deepest, is five levels), and
 * shallow enough for every later walk of the body (zod, the NUL guard, JSON fields) to be safe.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether the quote at `at` is escaped: an odd run of backslashes before it. */
function escaped(text: string, at: number): boolean {
  let n = 0;
  while (text.charCodeAt(at - 1 - n) === 92 /* \ */) n++;
  return n % 2 === 1;
}

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, counted in one pass outside
 * strings (a string is skipped to its closing quote with indexOf), stopping as soon as the limit is
 * passed: no parse, no recursion, no stack to overflow, whatever the input.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1);
      // An unterminated string: the parser refuses the body anyway.
      if (end === -1) return false;
      i = end;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/**
 * JSON bodies are measured before they are parsed: nesting past MAX_JSON_DEPTH is a 400 with the
 * envelope before anything walks the body. Parsing itself stays Fastify's (prototype-poisoning checks
 * included).
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(badRequest(`The body is nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parse(req, text, done);
  });
}
