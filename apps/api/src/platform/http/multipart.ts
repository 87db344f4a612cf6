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
  /** Largest text part in bytes (a form field is a short text: a name, a description, a number). */
  fieldSize: number;
  /** Largest text part that carries JSON (`formJson`: a list of addresses, an image order), in bytes. */
  jsonFieldSize: number;
  /** All text parts together, in bytes. */
  fieldsTotal: number;
  /** The whole body (files and text), in bytes: a larger `Content-Length` is refused before reading. */
  total: number;
}

/**
 * A form's text is small: 16 KB a text part (the longest text field holds 1,000 characters), 256 KB a
 * JSON part, 1 MB of text in all; files 10 MB each, the body 24 MB in all. Before (decision 005) a text part
 * took 1 MB and a form 100 of them: ten requests at once made the server hold 1.45 GB.
 */
export const DEFAULT_FORM_LIMITS: FormLimits = {
  fileSize: 10 * 1024 * 1024,
  files: 4,
  fields: 100,
  fieldSize: 16 * 1024,
  jsonFieldSize: 256 * 1024,
  fieldsTotal: 1024 * 1024,
  total: 24 * 1024 * 1024,
};

/** The parts a form takes, by name: a text part, or a text part that carries JSON (`formJson`). */
export type FormFields = ReadonlyMap<string, 'text' | 'json'>;

interface Def {
  type: string;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  shape?: Record<string, unknown>;
  element?: unknown;
}
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } })?._zod?.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
const unwrap = (schema: unknown): Def | undefined => {
  let def = defOf(schema);
  while (def && WRAPPERS.has(def.type)) def = defOf(def.innerType);
  return def;
};

/**
 * The fields of an endpoint's form schema (a zod object, refined or not): a field whose value is read
 * from JSON (an object, or a list of other things than files) is 'json'. Undefined when the schema is no
 * object: then any part is read.
 */
export function formFieldsOf(schema: unknown): FormFields | undefined {
  let def = unwrap(schema);
  if (def?.type === 'pipe') def = unwrap(def.in);
  if (def?.type !== 'object' || !def.shape) return undefined;
  const fields = new Map<string, 'text' | 'json'>();
  for (const [name, field] of Object.entries(def.shape)) {
    let value = unwrap(field);
    if (value?.type === 'pipe') value = unwrap(value.out);
    const isJson =
      value?.type === 'object' || (value?.type === 'array' && unwrap(value.element)?.type !== 'custom');
    fields.set(name, isJson ? 'json' : 'text');
  }
  return fields;
}

const general = (status: number, message: string) => new AppError(status, [{ key: GENERAL_KEY, message }]);
const tooLarge = () => general(413, 'validation.bodyTooLarge');

/**
 * Reads a multipart/form-data body into one object: text parts as strings, file parts as `UploadedFile`
 * (a file input left empty, sent as a nameless empty part, counts as absent). A name sent more than once
 * becomes an array. Given the form's `fields`, reading stops at the first part of another name (400
 * `validation.unknownField`), so nothing the form does not take is held. Too large (a part, the text in
 * all, the body) -> 413 (`files.errors.tooLarge` on a file's field, else `validation.bodyTooLarge`);
 * unreadable -> 400.
 */
export async function readForm(
  request: FastifyRequest,
  limits: FormLimits = DEFAULT_FORM_LIMITS,
  fields?: FormFields,
): Promise<Record<string, unknown>> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.total) throw tooLarge();
  const form: Record<string, unknown> = Object.create(null);
  const add = (name: string, value: unknown) => {
    const previous = form[name];
    form[name] =
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  };
  const anyJson = fields === undefined || [...fields.values()].includes('json');
  let textBytes = 0;
  let totalBytes = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.fileSize,
        files: limits.files,
        fields: limits.fields,
        // The largest part busboy holds; a text part of a plain field is checked against `fieldSize` below.
        fieldSize: anyJson ? Math.max(limits.fieldSize, limits.jsonFieldSize) : limits.fieldSize,
        parts: limits.files + limits.fields,
      },
    });
    for await (const part of parts) {
      if (fields && !fields.has(part.fieldname))
        throw new AppError(400, [{ key: GENERAL_KEY, message: 'validation.unknownField' }]);
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
        totalBytes += data.length;
        if (totalBytes > limits.total) throw tooLarge();
        if (data.length === 0 && !part.filename) continue;
        add(part.fieldname, {
          filename: part.filename,
          mimetype: part.mimetype,
          data,
        } satisfies ServerUploadedFile);
      } else {
        if (part.valueTruncated) throw tooLarge();
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        const bytes = Buffer.byteLength(value);
        const isJson = fields === undefined ? /^\s*[[{]/.test(value) : fields.get(part.fieldname) === 'json';
        textBytes += bytes;
        totalBytes += bytes;
        if (bytes > (isJson ? limits.jsonFieldSize : limits.fieldSize)) throw tooLarge();
        if (textBytes > limits.fieldsTotal || totalBytes > limits.total) throw tooLarge();
        add(part.fieldname, value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw tooLarge();
    // Truncated or otherwise broken multipart data, a field named like a prototype property, ...
    throw general(400, 'validation.malformedBody');
  }
  return { ...form };
}
