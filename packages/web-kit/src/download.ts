// Files a page hands to the browser: bytes an API route draws (CSV, PDF) read with the session, and the download.
import { readSessionToken } from './api/client';

/** The bytes of a byte-answer route's address, read with the signed-in session's token. */
export async function readBytes(url: string): Promise<ArrayBuffer> {
  const token = readSessionToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`the server answered ${res.status}`);
  return res.arrayBuffer();
}

/** Hands a file (text, or bytes already read) of this type to the browser as a download. */
export function downloadFile(data: string | ArrayBuffer, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
