/**
 * Tables whose rows carry a business code beside their name (a project's number, an employee's code): a
 * reference to one searches both and shows "code — name".
 */
const CODED = new Set(['projects', 'customers', 'suppliers', 'employees', 'sales_contracts']);

/** A reference to `table`'s rows, labelled by `labelColumn`, or by code and name where the rows have both. */
export const ref = (table: string, labelColumn = 'name') =>
  CODED.has(table) ? { table, labelColumn: 'name', codeColumn: 'code' } : { table, labelColumn };
