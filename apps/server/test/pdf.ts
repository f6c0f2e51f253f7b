import { createCanvas } from '@napi-rs/canvas';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reads generated PDFs back in tests with pdfjs-dist (Mozilla's PDF reader) and @napi-rs/canvas, both from npm:
 * `npm test` needs no poppler or other system tool.
 */
async function read<T>(pdf: Uint8Array, use: (document: PDFDocumentProxy) => Promise<T>): Promise<T> {
  // pdfjs transfers (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, fontExtraProperties: true });
  try {
    return await use(await task.promise);
  } finally {
    await task.destroy();
  }
}

/** Every page's text in reading order, runs of white space made single spaces (table cells wrap). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return read(pdf, async (document) => {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const content = await (await document.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : ' ')).join(' '));
    }
    return pages.join(' ').replace(/\s+/g, ' ');
  });
}

export interface PdfFont {
  name: string;
  /** The font program is inside the PDF (no system font is needed to show it). */
  embedded: boolean;
}

/** The fonts the pages use, as the reader loaded them. */
export async function pdfFonts(pdf: Uint8Array): Promise<PdfFont[]> {
  return read(pdf, async (document) => {
    const fonts = new Map<string, PdfFont>();
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const operators = await page.getOperatorList();
      for (const [index, fn] of operators.fnArray.entries()) {
        // OPS.setFont: the argument's first item is the loaded font's id in the page's common objects.
        if (fn !== 37) continue;
        const id = (operators.argsArray[index] as [string])[0];
        const font = page.commonObjs.get(id) as { name?: string; missingFile?: boolean };
        const name = font.name ?? id;
        fonts.set(name, { name, embedded: font.missingFile !== true });
      }
    }
    return [...fonts.values()];
  });
}

export interface RenderedPage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8ClampedArray;
}

/** Each page drawn at `dpi`, for counting the colours of charts. */
export async function pdfPages(pdf: Uint8Array, dpi = 50): Promise<RenderedPage[]> {
  return read(pdf, async (document) => {
    const pages: RenderedPage[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: context as unknown as CanvasRenderingContext2D,
        viewport,
      }).promise;
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      pages.push({ width: image.width, height: image.height, data: image.data });
    }
    return pages;
  });
}

/** How many pixels of the pages match a colour test. */
export function countPixels(
  pages: RenderedPage[],
  match: (r: number, g: number, b: number) => boolean,
): number {
  let n = 0;
  for (const { data } of pages) {
    for (let i = 0; i + 3 < data.length; i += 4) {
      if (match(data[i] as number, data[i + 1] as number, data[i + 2] as number)) n++;
    }
  }
  return n;
}
