import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Hand-made .xlsx files for tests of hostile uploads: the zip is written here with each part streamed
 * through zlib, so a sheet of millions of rows or a part that inflates to hundreds of megabytes is made in
 * seconds without building it in memory (exceljs would take minutes and gigabytes).
 */

/** Text of a part, in chunks: a generator keeps a huge part out of memory. */
export type PartText = string | Iterable<string>;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** `xl/workbook.xml` and its rels for sheets named in tab order, each pointing at `worksheets/<file>`. */
export function workbookParts(sheets: { name: string; file: string }[]): Record<string, string> {
  const entries = sheets.map(
    (sheet, index) => `<sheet name="${sheet.name}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
  );
  const rels = sheets.map(
    (sheet, index) =>
      `<Relationship Id="rId${index + 1}" Type="${REL_NS}/worksheet" Target="worksheets/${sheet.file}"/>`,
  );
  return {
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${entries.join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  };
}

/** A worksheet part around the given `<row>` elements. */
export function* sheetXml(rows: Iterable<string>): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetData>`;
  yield* rows;
  yield '</sheetData></worksheet>';
}

/** A shared strings part around the given `<si>` elements. */
export function* sharedStringsXml(items: Iterable<string>): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${NS}">`;
  yield* items;
  yield '</sst>';
}

/** `count` rows of `row(n)`, joined into chunks of about 64 KB so that zlib gets few large writes. */
export function* batched(count: number, row: (n: number) => string): Generator<string> {
  let chunk = '';
  for (let n = 1; n <= count; n++) {
    chunk += row(n);
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** A zip archive of the given parts (deflated, in the given order), as an .xlsx reader expects it. */
export async function zipParts(parts: Record<string, PartText>): Promise<Buffer> {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(parts)) {
    const deflate = zlib.createDeflateRaw({ level: 9 });
    const compressed: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
    let crc = 0;
    let size = 0;
    for (const chunk of typeof text === 'string' ? [text] : text) {
      const bytes = Buffer.from(chunk);
      crc = zlib.crc32(bytes, crc);
      size += bytes.length;
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    }
    deflate.end();
    await once(deflate, 'end');
    const data = Buffer.concat(compressed);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(fileName.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, fileName);
    out.push(local, fileName, data);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

/** An .xlsx of one sheet (`Blad1`) with the given sheet part and, optionally, shared strings. */
export function xlsx(sheet: PartText, sharedStrings?: PartText, extra: Record<string, PartText> = {}) {
  return zipParts({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': ROOT_RELS,
    ...workbookParts([{ name: 'Blad1', file: 'sheet1.xml' }]),
    ...(sharedStrings === undefined ? {} : { 'xl/sharedStrings.xml': sharedStrings }),
    ...extra,
    'xl/worksheets/sheet1.xml': sheet,
  });
}

/**
 * `rows` identical rows (all `r="1"`, as in the file of the issue) that each hold the same address in A as a
 * shared string: a few hundred KB for 3,000,000 rows.
 */
export function manyRowsXlsx(rows: number) {
  const row = '<row r="1" spans="1:1"><c r="A1" t="s"><v>0</v></c></row>';
  return cached(`xp-test-xlsx-rows-${rows}-v1.xlsx`, () =>
    xlsx(sheetXml(batched(rows, () => row)), sharedStringsXml(['<si><t>dezelfde@example.com</t></si>'])),
  );
}

/**
 * A zip bomb in the shared strings: one sheet of two rows and a `sharedStrings.xml` of `megabytes` MB of
 * tiny strings (millions of entries a reader would keep), packed to well under 1 MB.
 */
export function sharedStringsBombXlsx(megabytes: number) {
  const item = '<si><t>x</t></si>';
  return cached(`xp-test-xlsx-sst-bomb-${megabytes}-v1.xlsx`, () =>
    xlsx(
      sheetXml([
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>',
      ]),
      sharedStringsXml(batched(Math.floor((megabytes * 1024 * 1024) / item.length), () => item)),
    ),
  );
}

/** `rows` rows without cells: nothing to count, but hundreds of megabytes of XML to get through. */
export function emptyRowsXlsx(rows: number) {
  return cached(`xp-test-xlsx-empty-rows-${rows}-v1.xlsx`, () =>
    xlsx(sheetXml(batched(rows, () => '<row r="1"/>'))),
  );
}

/** A file made once per machine in the OS temp dir: these take seconds to deflate. */
async function cached(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(os.tmpdir(), name);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const data = await make();
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, data);
  fs.renameSync(partial, file);
  return data;
}
