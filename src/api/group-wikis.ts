// Group wikis (spec part 2 §2.8, §4.8). Slugs may contain `/` (directories): encoded as one segment.

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import { encodePathSegment, type QueryParams } from '../core/query.js';
import type { ProjectId } from '../core/refs.js';
import { parseResponse, parseWriteAnswer } from './schema.js';

export const WikiPageSchema = z.looseObject({
  slug: z.string(),
  title: z.string(),
  format: z.string().optional(),
  content: z.string().optional(),
  encoding: z.string().optional(),
});
export type WikiPage = z.infer<typeof WikiPageSchema>;

export const WikiAttachmentSchema = z.looseObject({
  file_name: z.string(),
  file_path: z.string(),
  branch: z.string().optional(),
  link: z.looseObject({ url: z.string(), markdown: z.string() }),
});
export type WikiAttachment = z.infer<typeof WikiAttachmentSchema>;

const wikisPath = (group: ProjectId) => `/groups/${encodePathSegment(group)}/wikis`;
const pagePath = (group: ProjectId, slug: string) => `${wikisPath(group)}/${encodePathSegment(slug)}`;

export async function listWikiPages(http: HttpClient, group: ProjectId, query: QueryParams): Promise<WikiPage[]> {
  const path = wikisPath(group);
  return parseResponse(z.array(WikiPageSchema), await http.get(path, query), `GET ${path}`);
}

export async function getWikiPage(http: HttpClient, group: ProjectId, slug: string, query: QueryParams): Promise<WikiPage> {
  const path = pagePath(group, slug);
  return parseResponse(WikiPageSchema, await http.get(path, query), `GET ${path}`);
}

export async function createWikiPage(http: HttpClient, group: ProjectId, body: Record<string, unknown>): Promise<WikiPage | null> {
  const path = wikisPath(group);
  const res = await http.post(path, body);
  return res.dryRun ? null : parseWriteAnswer(WikiPageSchema, http, res, `POST ${path}`, 'the page may have been created');
}

export async function updateWikiPage(http: HttpClient, group: ProjectId, slug: string, body: Record<string, unknown>): Promise<WikiPage | null> {
  const path = pagePath(group, slug);
  const res = await http.put(path, body);
  return res.dryRun ? null : parseWriteAnswer(WikiPageSchema, http, res, `PUT ${path}`, `page ${slug} may have been changed`);
}

export async function deleteWikiPage(http: HttpClient, group: ProjectId, slug: string): Promise<boolean> {
  return !(await http.delete(pagePath(group, slug))).dryRun;
}

/** Multipart, the file streamed from disk by the client. */
export async function uploadWikiAttachment(http: HttpClient, group: ProjectId, file: string, branch?: string): Promise<WikiAttachment | null> {
  const path = `${wikisPath(group)}/attachments`;
  const res = await http.request({ method: 'POST', path, multipart: { fields: branch === undefined ? {} : { branch }, files: [{ field: 'file', path: file }] } });
  return res.dryRun ? null : parseWriteAnswer(WikiAttachmentSchema, http, res, `POST ${path}`, 'the file may have been uploaded');
}
