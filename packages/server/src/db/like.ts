/**
 * A text searched with LIKE or ILIKE as typed: its backslashes, `%` and `_` escaped (PostgreSQL's default
 * escape character is the backslash), so a user's `50%` finds "50%", not every text starting with 50.
 */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The pattern of a text that contains `text` anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`;
