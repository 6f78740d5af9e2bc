import { HttpError } from '../../lib/http/transport.ts';
import { fieldErrorsToFields } from '../zod-rules.ts';

/**
 * Shows why a form's save failed: the server's field errors on the fields they name, anything else
 * (no field named, a network failure) as a message.
 */
export function showSaveError<K extends string>(
  e: unknown,
  names: readonly K[],
  setFields: (errors: { name: K; errors: string[] }[]) => void,
  showMessage: (text: string) => void,
): void {
  const errors = e instanceof HttpError ? fieldErrorsToFields(e.fieldErrors, names) : [];
  if (errors.length > 0) setFields(errors);
  else showMessage(e instanceof Error ? e.message : String(e));
}
