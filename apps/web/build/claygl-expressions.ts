import type { Plugin } from 'vite';

/**
 * echarts-gl's effect compositor (claygl `createCompositor`) turns size expressions such as
 * `expr( [width * dpr / 4, height * dpr / 4] )` into functions with `new Function`, which the portal's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') rightly refuses: the 3D spectra then crashed the
 * page with "Invalid expression.". This build step replaces that one call with a small evaluator of exactly the
 * grammar those expressions use: products and quotients of `width`, `height`, `dpr` and numbers, alone or as a
 * two-element array. Anything else still fails as before.
 */
const NEEDLE = "new Function('width', 'height', 'dpr', 'return ' + exprRes[1])";

/** Appended to claygl's module; hoisted, so the replaced call can use it. */
export const SIZE_EXPRESSION_SOURCE = `
function sdpSizeExpression(source) {
  var factor = /^\\s*(width|height|dpr|\\d+(?:\\.\\d+)?)\\s*$/;
  function product(text) {
    var parts = text.split(/([*/])/);
    var steps = [];
    for (var i = 0; i < parts.length; i += 2) {
      var match = factor.exec(parts[i]);
      if (!match) throw new Error('Invalid expression.');
      steps.push({ op: i === 0 ? '*' : parts[i - 1], term: match[1] });
    }
    return function (width, height, dpr) {
      var vars = { width: width, height: height, dpr: dpr };
      return steps.reduce(function (value, step) {
        var term = step.term in vars ? vars[step.term] : Number(step.term);
        return step.op === '*' ? value * term : value / term;
      }, 1);
    };
  }
  var trimmed = source.trim();
  var list = /^\\[(.*),(.*)\\]$/.exec(trimmed);
  if (list) {
    var first = product(list[1]);
    var second = product(list[2]);
    return function (width, height, dpr) {
      return [first(width, height, dpr), second(width, height, dpr)];
    };
  }
  return product(trimmed);
}
`;

export function clayglExpressionsWithoutEval(): Plugin {
  return {
    name: 'sdp-claygl-expressions-without-eval',
    transform(code, id) {
      if (!id.includes('claygl') || !code.includes(NEEDLE)) return null;
      return {
        code: `${code.replace(NEEDLE, 'sdpSizeExpression(exprRes[1])')}\n${SIZE_EXPRESSION_SOURCE}`,
        map: null,
      };
    },
  };
}
