import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportResult } from '@shopdesk/contract';
import { useState } from 'react';
import { TableHeadRow } from '../../../components/ui/table-head-row';
import { downloadErrorReport } from './error-report';

const counts = [
  ['Rows', 'rows'],
  ['Created', 'created'],
  ['Updated', 'updated'],
  ['Unchanged', 'unchanged'],
  ['Failed', 'failed'],
] as const;

const errorsPerPage = 25;

/** A finished run: the counts, every error (row, column, message) a page at a time, the report. */
export function ImportResultView({
  result,
  dryRun,
  fileName,
}: {
  result: ImportResult;
  dryRun: boolean;
  fileName: string;
}) {
  const [page, setPage] = useState(0);
  const shown = result.errors.slice(page * errorsPerPage, (page + 1) * errorsPerPage);
  return (
    <Box component="section" aria-label={dryRun ? 'Dry run result' : 'Import result'}>
      <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 700, mb: 1 }}>
        {dryRun ? 'Dry run: nothing was changed' : 'Import finished'}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0, mb: 2 }}>
        {counts.map(([label, key]) => (
          <Box key={key}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: 22, fontWeight: 700 }} data-testid={`count-${key}`}>
              {result[key]}
            </Typography>
          </Box>
        ))}
      </Box>
      {result.errors.length === 0 ? (
        <Typography role="status">
          {dryRun ? 'No errors: every row can be imported.' : 'No errors: every row was imported.'}
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 2 }}>
            <Typography>
              {result.errors.length} {result.errors.length === 1 ? 'error' : 'errors'}
            </Typography>
            <Button
              variant="outlined"
              startIcon={<FileDownloadIcon />}
              onClick={() => void downloadErrorReport(result.errors, fileName)}
            >
              Download error report
            </Button>
          </Box>
          <TableContainer sx={{ maxHeight: 440 }} role="region" tabIndex={0} aria-label="Errors">
            <Table stickyHeader size="small">
              <TableHeadRow columns={['Row', 'Column', 'Message']} />
              <TableBody>
                {shown.map((error, place) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes once shown; two errors may read the same
                  <TableRow key={`${page}-${place}`}>
                    <TableCell>{error.row}</TableCell>
                    <TableCell>{error.column}</TableCell>
                    <TableCell>{error.msg}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {result.errors.length > errorsPerPage && (
            <TablePagination
              component="div"
              count={result.errors.length}
              page={page}
              rowsPerPage={errorsPerPage}
              rowsPerPageOptions={[errorsPerPage]}
              onPageChange={(_, next) => setPage(next)}
            />
          )}
        </>
      )}
    </Box>
  );
}
