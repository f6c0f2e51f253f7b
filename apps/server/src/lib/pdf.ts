/**
 * Whether the bytes are a PDF, by their content (never the name or the header the browser sent): the header
 * `%PDF-1.x` or `%PDF-2.x` at the start (a few bytes of junk before it are tolerated by readers, not by us) and
 * the end-of-file marker `%%EOF` in the last kilobyte, so a truncated upload is refused too.
 */
export function isPdf(bytes: Buffer): boolean {
  if (bytes.length < 16) return false;
  if (!/^%PDF-[12]\.\d/.test(bytes.toString('latin1', 0, 8))) return false;
  return bytes.toString('latin1', Math.max(0, bytes.length - 1024)).includes('%%EOF');
}

/**
 * A small valid one-page PDF whose page shows `lines` of text (Helvetica): the demo's PM reports. The cross-reference
 * table holds the exact byte offset of every object, so readers open it without repairing it.
 */
export function textPdf(title: string, lines: string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const content = [
    'BT /F1 18 Tf 56 780 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf 0 -28 Td 14 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (SDP) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
