import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'trestle';
const AUDIENCE = 'trestle-api';
// A distinct token type, so no other JWT signed with the same key passes as an access token (ASVS 9.2.2).
const TYPE = 'at+jwt';

export type AccessClaims = {
  userId: number;
  tenantId: number;
  sessionId: string;
  jti: string;
  expiresAt: Date;
  /** The user's own tenant, present only while a platform admin works in another one (TenantMan's switch). */
  homeTenantId?: number;
};

export type TokenFailure = 'expired' | 'invalid';

export type Tokens = {
  sign(claims: AccessClaims): Promise<string>;
  /** `expiredGraceSeconds` lets replaceToken accept a token that ran out a little while ago. */
  verify(token: string, expiredGraceSeconds?: number): Promise<AccessClaims | TokenFailure>;
};

/** Past this many tokens remembered as verified, the memory starts again empty. */
const VERIFIED_KEPT = 10_000;

/**
 * HS256 only, issuer, audience and type checked; permissions are never in the token (they change). A token
 * whose signature and claims have been checked is remembered with its claims (the same text can never
 * carry others), so a session's later requests pay only the expiry check: the HMAC through WebCrypto was a
 * twentieth of a list request's time.
 */
export function createTokens(secret: Uint8Array, now: () => Date): Tokens {
  const verified = new Map<string, AccessClaims>();
  // Imported once: handing jose the raw bytes would import the key again on every request.
  const key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    sign: async (c) =>
      new SignJWT({
        sid: c.sessionId,
        tid: c.tenantId,
        ...(c.homeTenantId === undefined ? {} : { hid: c.homeTenantId }),
      })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setSubject(String(c.userId))
        .setJti(c.jti)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(Math.floor(c.expiresAt.getTime() / 1000))
        .sign(await key),

    async verify(token, expiredGraceSeconds = 0) {
      const known = verified.get(token);
      if (known) {
        // jose's rule: expired once exp <= now - tolerance, in whole seconds.
        const seconds = Math.floor(now().getTime() / 1000);
        return known.expiresAt.getTime() / 1000 <= seconds - expiredGraceSeconds ? 'expired' : known;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
          currentDate: now(),
          clockTolerance: expiredGraceSeconds,
          requiredClaims: ['sub', 'jti', 'exp', 'sid', 'tid'],
        });
        const userId = Number(payload.sub);
        const { sid, tid, hid, jti, exp } = payload;
        if (!Number.isInteger(userId) || typeof sid !== 'string' || typeof tid !== 'number' || !jti || !exp) {
          return 'invalid';
        }
        if (hid !== undefined && typeof hid !== 'number') return 'invalid';
        const claims: AccessClaims = { userId, tenantId: tid, sessionId: sid, jti, expiresAt: new Date(exp * 1000) };
        if (hid !== undefined && hid !== tid) claims.homeTenantId = hid;
        if (verified.size >= VERIFIED_KEPT) verified.clear();
        verified.set(token, claims);
        return claims;
      } catch (err) {
        return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
