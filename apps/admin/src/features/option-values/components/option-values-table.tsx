import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type OptionFamily, type OptionRecord, optionFamilies } from '@shopdesk/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { uiMessages } from '../../../config/ui-messages';
import { useProgressWhile } from '../../../lib/progress';
import { useDeleteOptionValue } from '../api/delete-option-value';
import { useOptionValues } from '../api/list-option-values';

type Props = { family: OptionFamily; onEdit: (record: OptionRecord) => void; onDeleted: (id: string) => void };

/** The family's existing values, each with edit and delete. */
export function OptionValuesTable({ family, onEdit, onDeleted }: Props) {
  const { field, label } = optionFamilies[family];
  const values = useOptionValues(family);
  const remove = useDeleteOptionValue(family);
  useProgressWhile(values.isLoading);

  function content() {
    if (values.isPending) return <LoadingState />;
    if (values.isError) return <ErrorState error={values.error} onRetry={() => void values.refetch()} />;
    if (values.data.length === 0) return <EmptyState message={uiMessages.noOptionValues} />;
    return (
      <TableContainer>
        <Table aria-label={`${label} values`}>
          <TableHead>
            <TableRow>
              <TableCell>{label}</TableCell>
              <TableCell sx={{ width: 140 }}>ACTION</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {values.data.map((record) => {
              const value = record[field] ?? '';
              return (
                <TableRow key={record.id} hover>
                  <TableCell>{value}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={`Edit ${value}`} color="success" onClick={() => onEdit(record)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete ${value}`}
                      color="error"
                      disabled={remove.isPending && remove.variables === record.id}
                      onClick={() => remove.mutate(record.id, { onSuccess: () => onDeleted(record.id) })}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return <Paper>{content()}</Paper>;
}
