import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { TableHeadRow } from '../../../components/ui/table-head-row';
import { previewRows, readPreview } from './csv-preview';

/** A cell of the preview: long descriptions cut, so ten rows stay readable. */
const cut = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}...` : text);

/** The file's header and first rows, read in the browser before anything is sent. */
export function CsvPreviewTable({ file, fileKey }: { file: File; fileKey: string }) {
  // A query (not an effect) for its loading and error states; the file never changes under a key.
  const preview = useQuery({
    queryKey: ['import', 'preview', fileKey],
    queryFn: () => readPreview(file),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (preview.isPending) return <LoadingState label="Reading the file..." />;
  if (preview.isError) return <ErrorState error={preview.error} />;
  const { columns, rows, more } = preview.data;
  if (rows.length === 0) return <EmptyState message="The file has a header and no rows" />;
  return (
    <>
      <TableContainer sx={{ maxHeight: 440 }} role="region" tabIndex={0} aria-label="First rows of the file">
        <Table stickyHeader size="small">
          <TableHeadRow columns={columns} noWrap />
          <TableBody>
            {rows.map((row, place) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a file never move
              <TableRow key={place}>
                {columns.map((_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place (names may repeat)
                  <TableCell key={index}>{cut(row[index] ?? '')}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {more && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          The first {previewRows} rows; the dry run reads them all.
        </Typography>
      )}
    </>
  );
}
