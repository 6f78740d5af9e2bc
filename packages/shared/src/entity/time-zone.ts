/**
 * The reader's time zone and the header it travels in: apart from format.ts (which re-exports them), whose
 * imports reach the file contracts' schemas, so a browser that needs only these does not load zod with them.
 */

/** An IANA time zone the runtime knows, else UTC (a header or setting may name anything). */
export function validTimeZone(zone: string | undefined | null): string {
  if (!zone || zone.length > 64) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The time zone of the machine this runs on (the reader's, in a browser). */
export const localTimeZone = (): string => validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The request header a client names its reader's time zone in. */
export const TIME_ZONE_HEADER = 'X-Time-Zone';
