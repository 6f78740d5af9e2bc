import type { TFunction } from 'i18next';
import type { PreviewStep, Risk } from '../../components/table-design/table-design-api.ts';

/**
 * A preview's steps and risks as sentences in the reader's language. Soft delete and approval are turned on
 * and off as add and drop steps named `softDelete` and `audit`; a field of the design may not be called so
 * by chance, which `fieldNames` (the fields before and after) tells apart.
 */
const flags = new Set(['softDelete', 'audit']);

export function stepText(t: TFunction, step: PreviewStep, table: string, fieldNames: ReadonlySet<string>): string {
  const field = step.field ?? '';
  const flag = flags.has(field) && !fieldNames.has(field);
  if (flag && step.kind === 'addColumn') return t(`tableDesign.step.${field}.on`);
  if (flag && step.kind === 'dropColumn') return t(`tableDesign.step.${field}.off`);
  const known = [
    'createTable',
    'addColumn',
    'dropColumn',
    'renameColumn',
    'changeType',
    'setRequired',
    'dropRequired',
    'setDefault',
    'addUnique',
    'dropUnique',
    'addIndex',
    'dropIndex',
    'changeReference',
    'copyRows',
  ];
  if (!known.includes(step.kind)) return [step.kind, field].filter(Boolean).join(' ');
  return t(`tableDesign.step.${step.kind}`, {
    table,
    field,
    from: step.from || '—',
    to: step.to || '—',
  });
}

const riskKinds = new Set([
  'dropColumn',
  'restoresDeleted',
  'dropsApprovals',
  'rename',
  'changeType',
  'setRequired',
  'requiredWithoutDefault',
  'duplicates',
  'missingReference',
  'copiesRows',
  'copyCast',
  'copyTooLong',
]);

/**
 * "12 values of name would be set aside", "3 rows of color can't become integer: blue, red": the risk's
 * sentence, its sample values after it. A type change names the type from its step.
 */
export function riskText(t: TFunction, risk: Risk, steps: readonly PreviewStep[], entity: string): string {
  if (!riskKinds.has(risk.kind)) return `${risk.kind} ${risk.field}: ${risk.count}`;
  const type = steps.find((s) => s.kind === 'changeType' && s.field === risk.field)?.to ?? '';
  const text = t(`tableDesign.risk.${risk.kind}`, {
    count: risk.count,
    field: risk.field,
    type,
    entity,
    samples: risk.samples.join(', '),
  });
  const withSamples = risk.kind !== 'rename' && risk.samples.length > 0;
  return withSamples ? t('tableDesign.risk.withSamples', { text, samples: risk.samples.join(', ') }) : text;
}
