/** A non-2xx answer from the API, carrying the server's readable `msg` (api.md §1). */
export class ApiError extends Error {
  readonly status: number;
  readonly msg: string;
  readonly fields: Record<string, string> | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const msg = typeof record.msg === 'string' && record.msg ? record.msg : fallbackMessage(status);
    super(msg);
    this.name = 'ApiError';
    this.status = status;
    this.msg = msg;
    this.fields = isStringRecord(record.fields) ? record.fields : undefined;
    this.body = body;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return !!value && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string');
}

function fallbackMessage(status: number): string {
  if (status === 0) return 'Could not reach the server. Please check your connection.';
  return `The request failed (HTTP ${status}).`;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.msg;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
