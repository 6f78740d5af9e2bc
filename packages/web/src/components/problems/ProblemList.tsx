import { Collapse, Typography } from 'antd';

export type Problem = { key: string; where: string; message: string };

/**
 * Every problem a designer's shared check (or the server) finds, where it is and what it is, open above the
 * designer's work. `title` names the list in the designer's words; the count follows it.
 */
export function ProblemList({ problems, title }: { problems: Problem[]; title: string }) {
  if (problems.length === 0) return null;
  return (
    <Collapse
      size="small"
      defaultActiveKey={['problems']}
      style={{ marginBottom: 12 }}
      items={[
        {
          key: 'problems',
          label: (
            <Typography.Text type="danger">
              {title} ({problems.length})
            </Typography.Text>
          ),
          children: (
            <ul aria-label={title} style={{ margin: 0, paddingInlineStart: 20 }}>
              {problems.map((p) => (
                <li key={p.key}>{`${p.where}: ${p.message}`}</li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
