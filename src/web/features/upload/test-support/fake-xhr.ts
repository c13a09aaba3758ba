/**
 * Test-only stand-in for XMLHttpRequest: records what the uploader sends and lets the test play
 * the server (progress, answer, network failure) one step at a time.
 */
import { vi } from 'vitest';

export class FakeXhr {
  static instances: FakeXhr[] = [];

  method = '';
  url = '';
  requestHeaders: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  aborted = false;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders[name.toLowerCase()] = value;
  }

  addEventListener(type: string, listener: EventListener): void {
    this.events.addEventListener(type, listener);
  }

  send(body: unknown): void {
    this.body = body;
  }

  abort(): void {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }

  /** A text field of the multipart body, or null. */
  field(name: string): string | null {
    if (!(this.body instanceof FormData)) throw new Error('the request body is not FormData');
    const value = this.body.get(name);
    return typeof value === 'string' ? value : null;
  }

  /** The files sent under one multipart field name. */
  filesIn(field: string): File[] {
    if (!(this.body instanceof FormData)) throw new Error('the request body is not FormData');
    return this.body.getAll(field).filter((value): value is File => value instanceof File);
  }

  reportProgress(loaded: number, total: number): void {
    this.upload.dispatchEvent(
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    );
  }

  /** The server answers; like a real XHR, the request body is fully sent first. */
  respond(status: number, body: unknown): void {
    this.upload.dispatchEvent(new Event('load'));
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }

  failNetwork(): void {
    this.events.dispatchEvent(new Event('error'));
  }
}

export function installFakeXhr(): typeof FakeXhr {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** The one request made so far; fails the test when there is none or more than one. */
export function onlyRequest(): FakeXhr {
  if (FakeXhr.instances.length !== 1) {
    throw new Error(`expected one upload request, saw ${FakeXhr.instances.length}`);
  }
  return FakeXhr.instances[0]!;
}

/** The latest request: the one in flight while an upload goes on in several. */
export function latestRequest(): FakeXhr {
  const latest = FakeXhr.instances.at(-1);
  if (!latest) throw new Error('no upload request was made');
  return latest;
}
