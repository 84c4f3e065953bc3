import { invoiceNumberHeader, invoicePath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { orderKeys } from './order-keys';

export type Invoice = { fileName: string; invoiceNumber: string | null };

/** The invoice PDF, fetched with the bearer token and handed to the browser as a file. */
export async function fetchInvoice(orderId: string): Promise<Invoice> {
  const { name, headers } = await downloadFile(invoicePath(orderId), `invoice-${orderId}.pdf`, 'application/pdf');
  return { fileName: name, invoiceNumber: headers.get(invoiceNumberHeader) };
}

export function useDownloadInvoice(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchInvoice(orderId),
    // The first download gives the order its number: show it on the page.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
  });
}
