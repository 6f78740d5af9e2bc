import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';

/** The first sheet of an exported .xlsx, from the export's answer. */
export async function exportedSheet(res: LightMyRequestResponse) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  return sheet;
}
