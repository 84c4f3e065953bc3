import type { FieldPath, FieldValues, UseFormProps, UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { showAlert } from '../../lib/alerts';
import { ApiError, errorMessage } from '../../lib/api-error';
import { firstFieldError } from './first-field-error';

export type SpecFormOptions<TValues extends FieldValues, TOutput> = UseFormProps<TValues, unknown, TOutput> & {
  /** The form field a server `fields` key names, when it is not the form's own name (else undefined to skip it). */
  serverField?: (key: string) => string | undefined;
};

export type SpecForm<TValues extends FieldValues, TOutput> = UseFormReturn<TValues, unknown, TOutput> & {
  /** The form's submit handler: valid values go to `onValid`; else the first rule's message is the alert. */
  submit: (onValid: (data: TOutput) => unknown) => (event?: { preventDefault?: () => void }) => Promise<unknown>;
  /** A rule checked outside the schema failed: alert its message, mark and focus `name`. */
  fail: (message: string, name?: FieldPath<TValues>) => void;
  /** A failed request: its message is the alert; a 400's `fields` mark those fields, the first is focused. */
  showServerError: (error: unknown) => void;
};

/**
 * One form of the dashboard: react-hook-form with a contract schema's resolver. The spec
 * shows the first failing rule's message in the alert; the field of that rule (and each of a
 * server 400's `fields`) is marked too (aria-invalid, its message as helper text, which
 * aria-describedby names) and focused. Fields render through FormTextField / FormOutlinedField.
 */
export function useSpecForm<TValues extends FieldValues, TOutput = TValues>({
  serverField,
  ...options
}: SpecFormOptions<TValues, TOutput>): SpecForm<TValues, TOutput> {
  // Focus follows the spec's order, not the order the fields were registered in.
  const form = useForm<TValues, unknown, TOutput>({ shouldFocusError: false, ...options });

  // A nested issue (images.0) focuses its field; a rule with no field ('') focuses nothing.
  const focus = (name: string) => {
    const field = name.split('.')[0];
    if (field) form.setFocus(field as FieldPath<TValues>);
  };

  const submit: SpecForm<TValues, TOutput>['submit'] = (onValid) => (event) =>
    form.handleSubmit(onValid, (errors) => {
      const first = firstFieldError(errors);
      if (!first) return;
      showAlert('error', first.message);
      focus(first.name);
    })(event as never);

  const fail: SpecForm<TValues, TOutput>['fail'] = (message, name) => {
    showAlert('error', message);
    if (!name) return;
    form.setError(name, { type: 'manual', message });
    focus(name);
  };

  const showServerError: SpecForm<TValues, TOutput>['showServerError'] = (error) => {
    showAlert('error', errorMessage(error));
    if (!(error instanceof ApiError) || !error.fields) return;
    const values = form.getValues() as Record<string, unknown>;
    let first: string | undefined;
    for (const [key, message] of Object.entries(error.fields)) {
      const mapped = serverField ? serverField(key) : key;
      const name = mapped?.split('.')[0];
      if (!name || !(name in values)) continue;
      form.setError(name as FieldPath<TValues>, { type: 'server', message });
      first ??= name;
    }
    if (first) focus(first);
  };

  return { ...form, submit, fail, showServerError };
}
