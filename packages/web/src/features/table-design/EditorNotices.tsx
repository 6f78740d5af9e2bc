import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A save's error the form has no field for (a design-wide rule, a field's setting out of sight). */
export type Problem = { key: string; message: string };

type Props = {
  /** The database table a new design was read from; null when it was not, or once applied. */
  broughtFrom: string | null;
  /** The columns that reading left behind. */
  skipped: readonly string[];
  /** Someone else saved the design since it was loaded. */
  conflict: boolean;
  onReload(): void;
  problems: readonly Problem[];
};

/** Each notice with its icon, apart from the next. */
const spaced = { showIcon: true, style: { marginBottom: 12 } } as const;

/** What the editor says above its form: where a brought-in design came from, a save's conflict, its problems. */
export function EditorNotices({ broughtFrom, skipped, conflict, onReload, problems }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {broughtFrom !== null && (
        <Alert
          type="info"
          {...spaced}
          data-testid="brought-in"
          title={t('tableDesign.broughtIn', { table: broughtFrom })}
          description={skipped.length > 0 ? t('tableDesign.leftBehind', { columns: skipped.join(', ') }) : undefined}
        />
      )}
      {conflict && (
        <Alert
          type="error"
          {...spaced}
          title={t('tableDesign.conflict')}
          action={
            <Button size="small" onClick={onReload}>
              {t('tableDesign.reload')}
            </Button>
          }
        />
      )}
      {problems.length > 0 && (
        <Alert
          type="error"
          {...spaced}
          title={t('tableDesign.hasErrors')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {problems.map((p) => (
                <li key={p.key}>{p.key === '_' || p.key === 'fields' ? p.message : `${p.key}: ${p.message}`}</li>
              ))}
            </ul>
          }
        />
      )}
    </>
  );
}
