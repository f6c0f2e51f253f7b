import { describe, expect, it } from 'vitest';
import { clayglExpressionsWithoutEval, SIZE_EXPRESSION_SOURCE } from './claygl-expressions.ts';

type SizeFunction = (width: number, height: number, dpr: number) => number | number[];
// The test may compile the evaluator's source; the browser never evaluates strings (that is the point).
const sizeExpression = new Function(`${SIZE_EXPRESSION_SOURCE}; return sdpSizeExpression;`)() as (
  source: string,
) => SizeFunction;

describe("claygl's size expressions without eval", () => {
  it('evaluates every form echarts-gl uses as the original expressions would', () => {
    expect(sizeExpression(' [width * dpr / 4, height * dpr / 4] ')(800, 600, 2)).toEqual([400, 300]);
    expect(sizeExpression('[width * 1.0 / 16, height / 16]')(800, 600, 1)).toEqual([50, 37.5]);
    expect(sizeExpression('height * 1.0 / 32')(800, 640, 1)).toBe(20);
    expect(sizeExpression('height')(800, 600, 1)).toBe(600);
    expect(sizeExpression('width * dpr')(800, 600, 1.5)).toBe(1200);
  });

  it('refuses anything outside that grammar', () => {
    expect(() => sizeExpression('alert(1)')).toThrow('Invalid expression.');
    expect(() => sizeExpression('width + height')).toThrow('Invalid expression.');
    expect(() => sizeExpression('[width, height, dpr]')).toThrow('Invalid expression.');
  });

  it("rewrites claygl's new Function call and leaves other modules alone", () => {
    const plugin = clayglExpressionsWithoutEval();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const claygl = "var func = new Function('width', 'height', 'dpr', 'return ' + exprRes[1]);";
    const out = transform(claygl, '/node_modules/claygl/src/createCompositor.js');
    expect(out?.code).toContain('var func = sdpSizeExpression(exprRes[1]);');
    expect(out?.code).not.toContain('new Function');
    expect(transform(claygl, '/src/other.js')).toBeNull();
  });
});
