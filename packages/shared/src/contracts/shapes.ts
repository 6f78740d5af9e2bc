import { z } from 'zod';
import { pageNumber } from './values.ts';

/**
 * Pieces several contracts are built from, said once. Shapes are spread into an object schema where they
 * stand, so a contract's keys keep their order on the wire.
 */

/** Text a form must fill in, of at most `max` characters once trimmed. */
export const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max, `at most ${max} characters`);

/** A free remark of up to 500 characters, empty when there is none. */
export const remarkText = z.string().trim().max(500, 'at most 500 characters').default('');

/** A row of a tree the client builds from parentId (null at the top). */
export const treeNode = { id: z.number(), parentId: z.number().nullable() };

/** A name in the reader's language (Accept-Language); nameEn and nameZh are the two stored names, for the editor. */
export const bilingualName = { name: z.string(), nameEn: z.string(), nameZh: z.string().nullable() };

/** A row people know by its code and its name. */
export const codedRow = { id: z.number(), code: z.string(), name: z.string() };

/** Who a user is, as lists and pickers show one. */
export const userIdentity = { id: z.number(), userName: z.string(), userTrueName: z.string() };

/** Which page of a list to read, and how many rows to a page (at most `maxRows`). */
export const paging = (maxRows: number, defaultRows: number) => ({
  page: pageNumber.default(1),
  rows: z.number().int().min(1).max(maxRows).default(defaultRows),
});

/** A page of a list: its rows, and how many rows there are in all. */
export const pageOf = <Row extends z.ZodType>(row: Row) => z.object({ rows: z.array(row), total: z.number() });
