import { vi } from 'vitest';

export type SentForm = { method: string; url: string; headers: Record<string, string>; body: FormData };

/**
 * A stand-in XMLHttpRequest for upload tests (lib/upload.ts's sendForm): each send reports
 * upload progress at half and whole, then answers with `answer(sent)`.
 */
export function fakeXhr(answer: (sent: SentForm) => { status: number; body: unknown }) {
  const sent: SentForm[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    private listeners = new Map<string, Array<() => void>>();
    private uploadListeners: Array<(event: { lengthComputable: boolean; loaded: number; total: number }) => void> = [];
    upload = {
      addEventListener: (_type: string, listener: (typeof this.uploadListeners)[number]) => {
        this.uploadListeners.push(listener);
      },
    };
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    send(body: FormData) {
      const request = { method: this.method, url: this.url, headers: this.headers, body };
      sent.push(request);
      setTimeout(() => {
        for (const listener of this.uploadListeners) listener({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          for (const listener of this.uploadListeners) listener({ lengthComputable: true, loaded: 100, total: 100 });
          const reply = answer(request);
          this.status = reply.status;
          this.responseText = JSON.stringify(reply.body);
          for (const listener of this.listeners.get('load') ?? []) listener();
        }, 0);
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
