/**
 * Tables whose rows carry a business code beside their name (a project's number, an employee's code): a
 * reference to one searches both and shows "code — name".
 */
const CODED = new Set(['projects', 'customers', 'suppliers', 'employees', 'sales_contracts']);

/** A reference to `table`'s rows, labelled by `labelColumn`, or by code and name where the rows have both. */
export const ref = (table: string, labelColumn = 'name') =>
  CODED.has(table) ? { table, labelColumn: 'name', codeColumn: 'code' } : { table, labelColumn };

type Parent = { field: string; column: string };

/** A reference offering only the rows whose `parent.column` holds the value of the form's `parent.field`. */
export const refUnder = (table: string, labelColumn: string, parent: Parent) => ({
  ...ref(table, labelColumn),
  parent,
});

/** Rows of the project chosen in the form. */
export const sameProject: Parent = { field: 'projectId', column: 'project_id' };
/** Rows of the sales contract chosen in the form. */
export const sameContract: Parent = { field: 'contractId', column: 'contract_id' };
