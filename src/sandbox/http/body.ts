// Request bodies: JSON, form-urlencoded (Rails-style nesting) and multipart (files kept as Buffers).

import { ApiError } from './errors.js';
import { parseNested, queryPairs, type ParamObject, type ParamValue, type UploadedFile } from './query.js';

export interface ParsedBody {
  /** JSON value, form/multipart fields as an object, raw text for other types, or null. */
  value: unknown;
  files: Record<string, UploadedFile>;
  /** What the request log keeps: parsed JSON, else the raw text, else null. */
  logged: unknown;
}

export function parseBody(raw: Buffer, contentType: string | undefined): ParsedBody {
  if (raw.length === 0) return { value: null, files: {}, logged: null };
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const text = () => raw.toString('utf8');
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      const value: unknown = JSON.parse(text());
      return { value, files: {}, logged: value };
    } catch (e) {
      throw new ApiError(400, { message: `400 Bad request - the body is not valid JSON: ${(e as Error).message}` });
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    return { value: parseNested(queryPairs(text())), files: {}, logged: text() };
  }
  if (type === 'multipart/form-data') {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
    if (!boundary) throw new ApiError(400, { message: '400 Bad request - multipart body without a boundary' });
    const { fields, files } = parseMultipart(raw, boundary);
    return { value: fields, files, logged: raw.toString('latin1') };
  }
  return { value: text(), files: {}, logged: text() };
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

function parseMultipart(buf: Buffer, boundary: string): { fields: ParamObject; files: Record<string, UploadedFile> } {
  const delim = Buffer.from(`--${boundary}`);
  const pairs: [string, ParamValue][] = [];
  const files: Record<string, UploadedFile> = {};
  let pos = buf.indexOf(delim);
  while (pos !== -1) {
    let start = pos + delim.length;
    if (buf[start] === 0x2d && buf[start + 1] === 0x2d) break; // closing `--boundary--`
    if (buf.subarray(start, start + 2).equals(CRLF)) start += 2;
    const next = buf.indexOf(delim, start);
    if (next === -1) break;
    let end = next;
    if (buf.subarray(end - 2, end).equals(CRLF)) end -= 2;
    const part = buf.subarray(start, end);
    const split = part.indexOf(HEADER_END);
    const headerText = (split === -1 ? part : part.subarray(0, split)).toString('utf8');
    const data = split === -1 ? Buffer.alloc(0) : part.subarray(split + HEADER_END.length);
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headerText)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) {
      if (filename !== undefined) {
        const file: UploadedFile = {
          kind: 'file',
          filename,
          contentType: /content-type:\s*([^\r\n]*)/i.exec(headerText)?.[1]?.trim() ?? 'application/octet-stream',
          data: Buffer.from(data),
        };
        files[name] = file;
        pairs.push([name, file]);
      } else pairs.push([name, data.toString('utf8')]);
    }
    pos = next;
  }
  return { fields: parseNested(pairs), files };
}
