import { invoiceNumberHeader, invoicePath } from '@shopdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authHeaders, handleUnauthorized } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { orderKeys } from './order-keys';

export type Invoice = { blob: Blob; fileName: string; invoiceNumber: string | null };

/** `filename="invoice-7.pdf"` (or RFC 6266's `filename*=UTF-8''…`) of a Content-Disposition. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8)?''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * The invoice PDF. A link cannot carry the bearer token, so it is fetched with it and handed
 * to the browser as a file; an error answer is JSON and becomes the usual ApiError.
 */
export async function fetchInvoice(orderId: string): Promise<Invoice> {
  const path = invoicePath(orderId);
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/pdf, application/json', ...authHeaders() } });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    handleUnauthorized(path, response.status);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: ApiError falls back to a generic message.
    }
    throw new ApiError(response.status, body);
  }
  const invoiceNumber = response.headers.get(invoiceNumberHeader);
  const fallback = `invoice-${invoiceNumber ?? orderId}.pdf`;
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition'), fallback),
    invoiceNumber,
  };
}

/** Saves a blob as a file through a temporary object URL and a download link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a while later, not at once: the browser may still be reading the blob (FileSaver's delay).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

export function useDownloadInvoice(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchInvoice(orderId),
    onSuccess: (invoice) => {
      saveFile(invoice.blob, invoice.fileName);
      // The first download gives the order its number: show it on the page.
      return queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    },
  });
}
