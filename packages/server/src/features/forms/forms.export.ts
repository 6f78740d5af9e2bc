import type { Writable } from 'node:stream';
import { type FieldMeta, type FormatContext, type FormDesign, formatField, resolveForm } from '@trestle/shared';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { itemLabel, loadDictionaries, neutralise } from '../../engine/excel-common.ts';
import type { Language } from '../../http/language.ts';
import { allSubmissions } from './forms.answers.ts';
import { iso } from './forms.repository.ts';

const WORDS = {
  en: {
    id: 'Answer',
    at: 'Submitted at',
    by: 'Submitted by',
    version: 'Version',
    link: 'Public link',
    yes: 'Yes',
    no: 'No',
  },
  zh: { id: '答卷', at: '提交时间', by: '提交人', version: '版本', link: '公开链接', yes: '是', no: '否' },
} as const;

/** A sheet's name: Excel allows 31 characters and none of : \ / ? * [ ]. */
const sheetName = (text: string) => text.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';

/**
 * A form's answers as a workbook written as it goes (ExcelJS's streaming writer, the engine's dictionaries and
 * formula guard): one column per field of the latest published version in the reader's language, and a sheet
 * per sub-table whose lines name their answer. Answers of older versions fill the columns they share.
 */
export async function writeAnswers(
  db: Db,
  input: { formId: number; design: FormDesign; tenantId: number; lang: Language; timeZone: string },
  out: Writable,
) {
  const { lang } = input;
  const words = WORDS[lang];
  const form = resolveForm(input.design);
  const fields = [...form.fields.values()];
  const tables = [...form.tables.values()];
  const all = [...fields, ...tables.flatMap((t) => t.fields)];
  const dicts = await loadDictionaries(db, input.tenantId, all);
  const ctx: FormatContext = {
    lang,
    timeZone: input.timeZone,
    dictLabel: (code, value) => {
      const item = dicts.get(code)?.find((i) => i.value === value);
      return item ? itemLabel(item, lang) : undefined;
    },
    yes: words.yes,
    no: words.no,
  };
  const cell = (f: FieldMeta, row: Record<string, unknown>) => neutralise(formatField(f, row, ctx));
  const rows = await allSubmissions(db, input.formId);

  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const main = wb.addWorksheet(sheetName(input.design.title[lang] || input.design.title.en));
  main.columns = [
    { header: words.id, width: 10 },
    { header: words.at, width: 22 },
    { header: words.by, width: 18 },
    { header: words.version, width: 8 },
    ...fields.map((f) => ({ header: f.label[lang] || f.label.en, width: 20 })),
  ];
  for (const r of rows) {
    main
      .addRow([
        r.id,
        iso(r.submittedAt),
        r.submittedBy ?? words.link,
        r.formVersion,
        ...fields.map((f) => cell(f, r.mainData)),
      ])
      .commit();
  }
  main.commit();
  for (const t of tables) {
    const sheet = wb.addWorksheet(sheetName(t.label[lang] || t.label.en));
    sheet.columns = [
      { header: words.id, width: 10 },
      ...t.fields.map((f) => ({ header: f.label[lang] || f.label.en, width: 20 })),
    ];
    for (const r of rows)
      for (const line of r.detailData[t.name] ?? [])
        sheet.addRow([r.id, ...t.fields.map((f) => cell(f, line))]).commit();
    sheet.commit();
  }
  await wb.commit();
}
