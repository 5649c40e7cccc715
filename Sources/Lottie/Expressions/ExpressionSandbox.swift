/// What an expression can reach (LT10): the animation and the language, nothing else.
///
/// duktape has no file, network or process APIs to begin with (and Debian's build has no
/// `print` or `alert`); this script, run once after the library, keeps only the global names
/// listed and takes away what could run code the tick was not inserted into (`eval`, the
/// `Function` constructor, also reachable as `Function.prototype.constructor`), what reads the
/// clock or the system's randomness (`Date`, `performance`, `Math.random`: a result must be a
/// function of the frame), regular expressions (duktape's matcher cannot be interrupted, and
/// `String.prototype.match` and `search` build them from strings), and the `Duktape` object
/// (heap inspection, coroutines). Array methods that loop natively refuse lengths over a million
/// (a sparse `Array(1e9).indexOf(1)` would loop without allocating, out of the tick's reach).
enum ExpressionSandbox {
    static let script = #"""
(function (G) {
  var FP = Function.prototype, isArray = Array.isArray, apply = Reflect.apply, describe = Object.getOwnPropertyDescriptor;
  var AP = Array.prototype, limit = 1000000;
  ['join', 'toString', 'toLocaleString', 'indexOf', 'lastIndexOf', 'forEach', 'map', 'filter', 'some', 'every', 'reduce',
   'reduceRight', 'sort', 'reverse', 'slice', 'splice', 'concat', 'fill', 'shift', 'unshift'].forEach(function (n) {
    var f = AP[n];
    if (typeof f !== 'function') return;
    AP[n] = function () {
      if (!isArray(this)) {
        var d = describe(this, 'length');
        if (!(d && 'value' in d)) throw new TypeError('Array.prototype.' + n + ' needs an array or an array-like with a plain length');
      }
      if (!(this.length <= limit)) throw new RangeError('Array.prototype.' + n + ': ' + this.length + ' items are more than ' + limit);
      return apply(f, this, arguments);
    };
  });
  var keep = ['Object', 'Array', 'String', 'Number', 'Boolean', 'Math', 'JSON', 'Error', 'EvalError', 'RangeError',
              'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'NaN', 'Infinity', 'undefined', 'isNaN', 'isFinite',
              'parseInt', 'parseFloat', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI', 'escape',
              'unescape', '__tl_b', '__tl_v', '__tl_keys', '__tl_setup', '__tl_make', '__tl_lib'];
  var names = Object.getOwnPropertyNames(G);
  for (var i = 0; i < names.length; i++) if (keep.indexOf(names[i]) < 0) delete G[names[i]];
  delete FP.constructor;
  function refuse(what) { return function () { throw new TypeError(what + ' is not available in expressions'); }; }
  String.prototype.match = refuse('String.prototype.match (regular expressions)');
  String.prototype.search = refuse('String.prototype.search (regular expressions)');
  Math.random = refuse('Math.random (use random(), seeded per property)');
})(this);
"""#
}
