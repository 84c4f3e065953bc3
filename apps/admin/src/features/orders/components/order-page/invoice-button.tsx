import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { showAlert } from '../../../../lib/alerts';
import { errorMessage } from '../../../../lib/api-error';
import { useDownloadInvoice } from '../../api/download-invoice';

/** "Download invoice": the PDF as a file named as the server names it, then its number. */
export function InvoiceButton({ orderId }: { orderId: string }) {
  const download = useDownloadInvoice(orderId);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        startIcon={<DownloadIcon />}
        disabled={download.isPending}
        onClick={() => download.mutate(undefined, { onError: (error) => showAlert('error', errorMessage(error)) })}
      >
        {download.isPending ? 'Downloading...' : 'Download invoice'}
      </Button>
      <Typography role="status">
        {download.data ? `Invoice ${download.data.invoiceNumber ?? ''} downloaded (${download.data.fileName})` : ''}
      </Typography>
    </Box>
  );
}
