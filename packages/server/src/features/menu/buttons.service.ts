import { type ButtonInput, type ButtonRow, type ButtonUpdate, ErrorCode } from '@trestle/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buttons } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { ruleBroken } from './menu.service.ts';

const notFound = () => new AppError(404, ErrorCode.notFound, 'No such button');

/**
 * The button catalogue's rules: codes are unique, and the built-in buttons (the ones the screens'
 * toolbars and the routes' grants name) keep their code and function name and cannot be deleted.
 */
export function createButtonService(db: Db) {
  async function find(tx: Db, id: number) {
    const [row] = await tx.select().from(buttons).where(eq(buttons.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function checkCode(tx: Db, code: string, id: number | null) {
    const [other] = await tx.select({ id: buttons.id }).from(buttons).where(eq(buttons.code, code));
    if (other && other.id !== id) {
      throw badRequest('This code is already used', { code: 'Already used by another button' });
    }
  }

  return {
    async list(): Promise<ButtonRow[]> {
      const rows = await db.select().from(buttons).orderBy(asc(buttons.sort), asc(buttons.id));
      return rows.map(({ id, code, name, nameZh, functionName, icon, type, sort, builtIn }) => ({
        id,
        code,
        name,
        nameZh,
        functionName,
        icon,
        type,
        sort,
        builtIn,
      }));
    },

    async add(input: ButtonInput): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        await checkCode(tx, input.code, null);
        const [created] = await tx
          .insert(buttons)
          .values({ ...input, builtIn: false })
          .returning({ id: buttons.id });
        if (!created) throw new Error('insert returned no row');
        return created;
      });
    },

    async update(input: ButtonUpdate): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const current = await find(tx, input.id);
        if (current.builtIn) {
          const fieldErrors: Record<string, string> = {};
          if (input.code !== current.code) fieldErrors.code = 'A built-in button keeps its code';
          if (input.functionName !== current.functionName) {
            fieldErrors.functionName = 'A built-in button keeps its function name';
          }
          if (Object.keys(fieldErrors).length) throw badRequest('A built-in button keeps its code', fieldErrors);
        }
        await checkCode(tx, input.code, input.id);
        const { id, ...values } = input;
        await tx.update(buttons).set(values).where(eq(buttons.id, id));
        return { id };
      });
    },

    /** A custom button goes with its offers and grants on every menu (foreign keys cascade). */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await find(tx, id);
        if (current.builtIn) throw ruleBroken(`The button "${current.name}" is built in and cannot be deleted`);
        await tx.delete(buttons).where(eq(buttons.id, id));
      });
    },
  };
}
