import { randomBytes } from 'node:crypto';

/** One file of a multipart upload. */
export interface UploadFile {
  name: string;
  data: Buffer;
  /** The MIME type the browser would claim (the server ignores it and sniffs the content). */
  type?: string;
  /** The form field; the API's is `images`. */
  field?: string;
}

/** A multipart/form-data body exactly as a browser sends it; text fields first. */
export function multipartBody(
  files: readonly UploadFile[],
  fields: Readonly<Record<string, string>> = {},
): {
  body: Buffer;
  contentType: string;
} {
  const boundary = `----listsmith-test-${randomBytes(8).toString('hex')}`;
  const texts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\n` +
        `Content-Disposition: form-data; name="${file.field ?? 'images'}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from('\r\n'),
  ]);
  return {
    body: Buffer.concat([...texts, ...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
