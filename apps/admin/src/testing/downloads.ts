import { vi } from 'vitest';

/**
 * Catches the file downloads a screen starts (lib/download.ts's saveBlob): jsdom has no object
 * URLs and cannot follow the link, so both are stood in for, and each download's name and
 * text kept. `restore` puts everything back.
 */
export function catchDownloads() {
  const saved: Array<{ name: string; text: Promise<string> }> = [];
  const blobs = new Map<string, Blob>();
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ name: this.download, text: blob.text() });
  });
  return {
    saved,
    restore: () => {
      click.mockRestore();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    },
  };
}
