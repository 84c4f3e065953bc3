import {
  firstMessage,
  type OptionFamily,
  type OptionRecord,
  optionBodySchema,
  optionFamilies,
} from '@shopdesk/contract';
import { useRef, useState } from 'react';
import { uiMessages } from '../../../config/ui-messages';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useSaveOptionValue } from '../api/save-option-value';
import { OptionValueForm } from './option-value-form';
import { OptionValuesTable } from './option-values-table';

/**
 * Add Product RAMS / WEIGHT / SIZE, one component for the three families. Create mode
 * while no edit id is held; pressing edit switches to update mode (spec §4).
 */
export function OptionValuesPanel({ family }: { family: OptionFamily }) {
  const { field, label } = optionFamilies[family];
  const [value, setValue] = useState('');
  const [editId, setEditId] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Deletes answer later: compare with the row being edited then, not at the click.
  const editIdRef = useRef(editId);
  editIdRef.current = editId;
  const save = useSaveOptionValue(family);

  function startEdit(record: OptionRecord) {
    setValue(record[field] ?? '');
    setEditId(record.id);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    inputRef.current?.focus();
  }

  function handleSubmit() {
    const parsed = optionBodySchema(family).safeParse({ [field]: value });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    const isUpdate = editId !== null;
    save.mutate(
      { id: editId, value: String(parsed.data[field]) },
      {
        onSuccess: () => {
          showAlert('success', isUpdate ? uiMessages.optionValueUpdated : uiMessages.optionValueAdded);
          setValue('');
          setEditId(null);
        },
        onError: (error) => showAlert('error', errorMessage(error)),
      },
    );
  }

  return (
    <>
      <OptionValueForm
        label={label}
        value={value}
        onChange={setValue}
        onSubmit={handleSubmit}
        isUpdate={editId !== null}
        isSaving={save.isPending}
        inputRef={inputRef}
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
