import type { DesignField, TableDesign } from '@trestle/shared';
import dayjs from 'dayjs';
import { titleFieldOf } from './mix-model.ts';

/**
 * Sample rows for the preview: made up from each field's type (the table does not exist before the app is
 * published), so the page's blocks have something to show. Dates fall in the current month, so the calendar
 * shows them; a choice field cycles through three values, so a kanban has lanes.
 */
export type SampleRow = Record<string, string | number | boolean> & { id: number };

function sample(
  f: DesignField,
  i: number,
  master: SampleRow | undefined,
  masterTitle: string,
): string | number | boolean {
  const day = dayjs()
    .startOf('month')
    .add(2 + i * 4, 'day');
  switch (f.type) {
    case 'integer':
      return (i + 1) * 2 + 1;
    case 'decimal':
      return (i + 1) * 12.5;
    case 'boolean':
      return i % 2 === 0;
    case 'date':
      // An end date after the start: the second date field of a row is two days on.
      return day.add(f.name.toLowerCase().includes('end') ? 2 : 0, 'day').format('YYYY-MM-DD');
    case 'datetime':
      return day.hour(9).format('YYYY-MM-DD HH:mm');
    case 'dict':
    case 'dictMulti':
      return `${f.dictionary ?? f.name} ${(i % 3) + 1}`;
    case 'reference':
      return master ? String(master[masterTitle] ?? `#${master.id}`) : `${f.label.en} ${i + 1}`;
    default:
      return `${f.label.en} ${i + 1}`;
  }
}

export function sampleRows(design: TableDesign, count: number, master?: { row: SampleRow; design: TableDesign }) {
  const masterTitle = master ? titleFieldOf(master.design) : '';
  return Array.from({ length: count }, (_, i): SampleRow => {
    const row: SampleRow = { id: i + 1 };
    for (const f of design.fields) row[f.name] = sample(f, i, master?.row, masterTitle);
    return row;
  });
}
