import { type OptionFamily, type OptionRecord, optionBodySchema, optionFamilies } from '@shopdesk/contract';
import { useRef, useState } from 'react';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { uiMessages } from '../../../config/ui-messages';
import { showAlert } from '../../../lib/alerts';
import { useSaveOptionValue } from '../api/save-option-value';
import { OptionValueForm } from './option-value-form';
import { OptionValuesTable } from './option-values-table';

/**
 * Add Product RAMS / WEIGHT / SIZE, one component for the three families. Create mode
 * while no edit id is held; pressing edit switches to update mode (spec §4).
 */
export function OptionValuesPanel({ family }: { family: OptionFamily }) {
  const { field, label } = optionFamilies[family];
  const form = useSpecForm<Record<string, string>, Record<string, string>>({
    defaultValues: { [field]: '' },
    resolver: specResolver(optionBodySchema(family)),
  });
  // Not reset(): that unregisters the field until the next render, and the edit focuses it now.
  const setValue = (value: string) => {
    form.setValue(field, value);
    form.clearErrors();
  };
  const [editId, setEditId] = useState<string | null>(null);
  // Deletes answer later: compare with the row being edited then, not at the click.
  const editIdRef = useRef(editId);
  editIdRef.current = editId;
  const save = useSaveOptionValue(family);

  function startEdit(record: OptionRecord) {
    setValue(record[field] ?? '');
    setEditId(record.id);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    form.setFocus(field);
  }

  function handleSubmit(data: Record<string, string>) {
    const isUpdate = editId !== null;
    save.mutate(
      { id: editId, value: String(data[field]) },
      {
        onSuccess: () => {
          showAlert('success', isUpdate ? uiMessages.optionValueUpdated : uiMessages.optionValueAdded);
          setValue('');
          setEditId(null);
        },
        onError: form.showServerError,
      },
    );
  }

  return (
    <>
      <OptionValueForm
        label={label}
        control={form.control}
        name={field}
        onSubmit={(event) => void form.submit(handleSubmit)(event)}
        isUpdate={editId !== null}
        isSaving={save.isPending}
      />
      <OptionValuesTable
        family={family}
        onEdit={startEdit}
        onDeleted={(id) => {
          // The row being edited is gone: there is nothing left to update.
          if (id === editIdRef.current) {
            setEditId(null);
            setValue('');
          }
        }}
      />
    </>
  );
}
