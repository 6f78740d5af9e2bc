import { codePatternSchema, projectDocuments } from '@trestle/shared';
import { Card, Form, Input, Switch, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form/index.js';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../../components/form/layout.ts';
import { useValidationText } from '../../components/form/schema-rule.ts';
import { zodRule } from '../../components/zod-rules.ts';

const numbered = projectDocuments.flatMap((meta) => {
  const field = meta.fields.find((f) => f.autoNumber);
  return field?.autoNumber ? [{ meta, pattern: field.autoNumber.pattern }] : [];
});
const approved = projectDocuments.filter((meta) => meta.audit);

/**
 * Per document, for the tenant: the pattern of its numbers (empty keeps the built-in one shown as the
 * placeholder) and whether whoever submitted one may approve it.
 */
export function DocumentSettings() {
  const { t, i18n } = useTranslation();
  const translate = useValidationText();
  const k = (key: string) => t(`site-login-settings.site.${key}`);
  // Empty keeps the built-in pattern: only a typed one is checked.
  const patternRule = zodRule(codePatternSchema, translate) as RuleObject;
  return (
    <>
      <Card size="small" title={k('codePatterns')} style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">{k('codePatternHelp')}</Typography.Paragraph>
        {numbered.map(({ meta, pattern }) => (
          <Form.Item
            key={meta.name}
            label={labelOf(meta, i18n.language)}
            name={['codePatterns', meta.name]}
            rules={[{ validator: (r, v, cb) => (v ? patternRule.validator?.(r, v, cb) : Promise.resolve()) }]}
            normalize={(v: string) => v.trim()}
          >
            <Input maxLength={40} placeholder={pattern} />
          </Form.Item>
        ))}
      </Card>
      <Card size="small" title={k('separateApprover')} style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">{k('separateApproverHelp')}</Typography.Paragraph>
        {approved.map((meta) => (
          <Form.Item
            key={meta.name}
            label={labelOf(meta, i18n.language)}
            name={['separateApprover', meta.name]}
            valuePropName="checked"
            initialValue={meta.separateApprover}
          >
            <Switch />
          </Form.Item>
        ))}
      </Card>
    </>
  );
}
