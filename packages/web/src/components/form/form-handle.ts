import type { FormInstance } from 'antd';

/** What a screen holding an engine form may ask of it (spec §5). */
export type FormHandle = {
  /** Validates every field; answers true when all pass. */
  validate(): Promise<boolean>;
  /** Validates one field; an unknown name is a programming error and throws at once. */
  validateField(name: string): Promise<boolean>;
};

export function createFormHandle(form: Pick<FormInstance, 'validateFields'>, names: readonly string[]): FormHandle {
  const passes = (p: Promise<unknown>) =>
    p.then(
      () => true,
      () => false,
    );
  return {
    validate: () => passes(form.validateFields()),
    validateField(name) {
      if (!names.includes(name)) throw new Error(`unknown field: ${name}`);
      return passes(form.validateFields([name]));
    },
  };
}
