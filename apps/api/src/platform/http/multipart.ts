import type { UploadedFile } from '@xp/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, GENERAL_KEY } from './errors.ts';

/** A file part, buffered in memory (`data` is a Node `Buffer`). */
export interface ServerUploadedFile extends UploadedFile {
  data: Buffer;
}

export interface FormLimits {
  /** Largest file part in bytes. */
  fileSize: number;
  files: number;
  fields: number;
  /** Largest text part in bytes. */
  fieldSize: number;
}

export const DEFAULT_FORM_LIMITS: FormLimits = {
  fileSize: 10 * 1024 * 1024,
  files: 4,
  fields: 100,
  fieldSize: 1024 * 1024,
};

const general = (status: number, message: string) => new AppError(status, [{ key: GENERAL_KEY, message }]);

/**
 * Reads a multipart/form-data body into one object: text parts as strings, file parts as `UploadedFile`
 * (a file input left empty, sent as a nameless empty part, counts as absent). A name sent more than once
 * becomes an array. Too large -> 413 (`files.errors.tooLarge` on the file's field); unreadable -> 400.
 */
export async function readForm(
  request: FastifyRequest,
  limits: FormLimits = DEFAULT_FORM_LIMITS,
): Promise<Record<string, unknown>> {
  const form: Record<string, unknown> = Object.create(null);
  const add = (name: string, value: unknown) => {
    const previous = form[name];
    form[name] =
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  };
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.fileSize,
        files: limits.files,
        fields: limits.fields,
        fieldSize: limits.fieldSize,
        parts: limits.files + limits.fields,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError(413, [{ key: part.fieldname, message: 'files.errors.tooLarge' }]);
          }
          throw error;
        }
        if (data.length === 0 && !part.filename) continue;
        add(part.fieldname, {
          filename: part.filename,
          mimetype: part.mimetype,
          data,
        } satisfies ServerUploadedFile);
      } else {
        if (part.valueTruncated) throw general(413, 'validation.bodyTooLarge');
        add(part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw general(413, 'validation.bodyTooLarge');
    // Truncated or otherwise broken multipart data, a field named like a prototype property, ...
    throw general(400, 'validation.malformedBody');
  }
  return { ...form };
}
