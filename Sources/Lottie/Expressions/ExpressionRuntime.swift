/// The After Effects expression library, in ECMAScript 5 run once per heap when it is made.
///
/// Written here from After Effects' documented semantics and lottie-web's (the Bodymovin
/// player's) behaviour where After Effects leaves it open:
/// - `$bm_sum`/`add`, `$bm_sub`/`sub`, `$bm_mul`/`mul`, `$bm_div`/`div`, `$bm_mod`, `$bm_neg` as
///   lottie-web's: strings concatenate; a number added to an array adds to its first component;
///   arrays add component by component; an array times or over a number scales each component.
/// - `linear`/`ease`/`easeIn`/`easeOut(t, [tMin, tMax,] v1, v2)`: held outside the range; the
///   eases are cubic Béziers (0.33, 0, 0.667, 1), (0.333, 0, 0.833, 0.833), (0.167, 0.167,
///   0.667, 1), as lottie-web's.
/// - `loopOut`/`loopIn(type, keyframes)` and `loopOutDuration`/`loopInDuration(type, seconds)`:
///   cycle (the default), pingpong, offset (each cycle adds the change over the cycle) and
///   continue (the last keyframe's velocity carried on), from the pre-expression keyframes.
/// - `random()`, `random(max)`, `random(min, max)` and `seedRandom(offset)` as lottie-web's
///   (``ExpressionRandom``: its seeded RC4 stream, reseeded from the property's seed and the
///   time before each evaluation, one draw per call, arrays included); `gaussRandom` (a normal
///   draw mapped into the range, from the same stream).
/// - `wiggle(freq, amp, octaves = 1, ampMult = 0.5, t = time)`: the pre-expression value plus
///   smooth noise per component (value noise on a lattice `freq` per second, octaves doubling in
///   frequency and scaled by `ampMult`), bounded by `amp` times the octaves' sum, seeded as
///   `random` without the frame, so the same property wiggles the same way every time.
/// - `valueAtTime`, `velocityAtTime` (a backward difference of 0.001 s, per second, as
///   lottie-web's), `speedAtTime`, `key(n)`, `nearestKey(t)`, `numKeys`, `thisComp`,
///   `thisLayer`, `thisProperty`, `comp(name)`, `layer(name or index)`, `effect(name)(param)`,
///   `transform`, `parent`, markers (`thisComp.marker.key(n or name)`, `.nearestKey`, `.numKeys`).
///   A key's components are also its indices (`key(1)[0]`), as lottie-web's keys are.
/// - `content(name or index)` on a shape layer (groups, their `transform`, items' properties by
///   After Effects name, an item called with its "ix"), and `thisProperty.propertyGroup(n)`. A
///   path item's `path` is a reference to that path at the current time, which a path's own
///   expression may return.
/// - A path's `points()`, `inTangents()`, `outTangents()`, `isClosed()` (a path's own, inside
///   its expression, are its keyframes'), and `createPath(points, inTangents = [],
///   outTangents = [], isClosed = true)`, whose result a path's expression may return.
/// - A layer's `toComp`/`fromComp` (`toWorld`/`fromWorld`, `fromCompToSurface`: the same in 2D)
///   through its parents' anchor, scale, rotation and position (skew and 3D left out); its
///   `anchorPoint`, `position`, `scale`, `rotation`, `opacity`; a layer control effect
///   parameter ("ty" 10) reads as the layer whose index it holds, as lottie-web's.
/// - `timeToFrames(t)` is `t` times the frame rate, not rounded, as lottie-web's.
///
/// The engine calls four natives it defines before this runs: `__tl_v(id, frame, mode)` (a
/// property's value, mode 0 after its expression, 1 its keyframes), `__tl_keys(id)` (keyframes
/// as `[frame, value]`), `__tl_shape(id, frame)` (a path as `[points, inTangents, outTangents,
/// closed]`), and the tick `__tl_b`.
enum ExpressionRuntime {
    /// Names every expression sees as local variables, from the library object.
    static let libraryNames = [
        "add", "sub", "mul", "div", "sum", "$bm_sum", "$bm_sub", "$bm_mul", "$bm_div", "$bm_mod", "$bm_neg", "$bm_isInstanceOfArray",
        "length", "normalize", "dot", "cross", "clamp", "linear", "ease", "easeIn", "easeOut", "degreesToRadians",
        "radiansToDegrees", "timeToFrames", "framesToTime", "comp", "lookAt", "rgbToHsl", "hslToRgb", "createPath",
    ]
    /// Names each expression's own context gives it.
    static let propertyNames = [
        "thisProperty", "thisLayer", "thisComp", "transform", "$bm_transform", "effect", "parent", "hasParent", "index", "name",
        "inPoint", "outPoint", "startTime", "valueAtTime", "velocityAtTime", "speedAtTime", "wiggle", "loopOut", "loopIn",
        "loopOutDuration", "loopInDuration", "key", "nearestKey", "numKeys", "random", "gaussRandom", "seedRandom", "marker",
        "frameDuration", "layer", "content", "toComp", "fromComp", "toWorld", "fromWorld", "fromCompToSurface",
    ]

    static let prelude = #"""
(function (G) {
var V = G.__tl_v, KEYS = G.__tl_keys, SHAPE = G.__tl_shape;
var FR = 30, NOW = [0];
var comps = [], layers = [], keyCache = {}, owners = {};
function isArr(a) {
  var is = a instanceof Array || (a !== null && typeof a === 'object' && !(a instanceof Number) && typeof a.length === 'number');
  if (is && !(a.length <= 4096)) throw new RangeError('vector maths takes arrays of at most 4096 items');
  return is;
}
function isNum(a) { var t = typeof a; return t === 'number' || a instanceof Number || t === 'boolean' || t === 'string'; }
function copy(a) { var r = []; for (var i = 0; i < a.length; i++) r.push(a[i]); return r; }
function sum(a, b) {
  if (typeof a === 'string' || typeof b === 'string') return a + b;
  if (isNum(a) && isNum(b)) return +a + +b;
  if (isArr(a) && isNum(b)) { a = copy(a); a[0] = a[0] + +b; return a; }
  if (isNum(a) && isArr(b)) { b = copy(b); b[0] = +a + b[0]; return b; }
  if (isArr(a) && isArr(b)) {
    var r = [], n = Math.max(a.length, b.length);
    for (var i = 0; i < n; i++) r.push(i < a.length && i < b.length ? a[i] + b[i] : (i < a.length ? a[i] : b[i]));
    return r;
  }
  return 0;
}
function neg(a) { if (isArr(a)) { var r = []; for (var i = 0; i < a.length; i++) r.push(-a[i]); return r; } return -a; }
function sub(a, b) {
  if (isNum(a) && isNum(b)) return a - b;
  if (isArr(a) && isNum(b)) { a = copy(a); a[0] = a[0] - b; return a; }
  if (isNum(a) && isArr(b)) { b = neg(b); b[0] = a + b[0]; return b; }
  if (isArr(a) && isArr(b)) {
    var r = [], n = Math.max(a.length, b.length);
    for (var i = 0; i < n; i++) r.push(i < a.length && i < b.length ? a[i] - b[i] : (i < a.length ? a[i] : -b[i]));
    return r;
  }
  return 0;
}
function scale(v, k) { var r = []; for (var i = 0; i < v.length; i++) r.push(v[i] * k); return r; }
function mul(a, b) {
  if (isNum(a) && isNum(b)) return a * b;
  if (isArr(a) && isNum(b)) return scale(a, b);
  if (isNum(a) && isArr(b)) return scale(b, a);
  return 0;
}
function div(a, b) {
  if (isNum(a) && isNum(b)) return a / b;
  if (isArr(a) && isNum(b)) return scale(a, 1 / b);
  if (isNum(a) && isArr(b)) { var r = []; for (var i = 0; i < b.length; i++) r.push(a / b[i]); return r; }
  return 0;
}
function mod(a, b) {
  if (isArr(a) && isNum(b)) { var r = []; for (var i = 0; i < a.length; i++) r.push(a[i] % b); return r; }
  return a % b;
}
function len(a, b) {
  if (b !== undefined) a = sub(a, b);
  if (!isArr(a)) return Math.abs(a);
  var s = 0; for (var i = 0; i < a.length; i++) s += a[i] * a[i];
  return Math.sqrt(s);
}
function normalize(v) { var l = len(v); return l === 0 ? v : div(v, l); }
function dot(a, b) { var s = 0; for (var i = 0; i < Math.min(a.length, b.length); i++) s += a[i] * b[i]; return s; }
function cross(a, b) { return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }
function clamp(v, lo, hi) {
  if (isArr(v)) { var r = []; for (var i = 0; i < v.length; i++) r.push(clamp(v[i], isArr(lo) ? lo[i] : lo, isArr(hi) ? hi[i] : hi)); return r; }
  return Math.min(Math.max(v, lo), hi);
}
function bezier(x1, y1, x2, y2) {
  function at(a, b, t) { var u = 1 - t; return 3 * a * u * u * t + 3 * b * u * t * t + t * t * t; }
  return function (x) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    var lo = 0, hi = 1, t = x;
    for (var i = 0; i < 40; i++) { t = (lo + hi) / 2; if (at(x1, x2, t) < x) lo = t; else hi = t; }
    return at(y1, y2, t);
  };
}
function mix(a, b, p) {
  if (!isArr(a) && !isArr(b)) return a + (b - a) * p;
  a = isArr(a) ? a : [a]; b = isArr(b) ? b : [b];
  var r = [], n = Math.max(a.length, b.length);
  for (var i = 0; i < n; i++) { var x = i < a.length ? a[i] : 0, y = i < b.length ? b[i] : 0; r.push(x + (y - x) * p); }
  return r;
}
function interpolator(curve) {
  return function (t, tMin, tMax, v1, v2) {
    if (arguments.length <= 3) { v1 = tMin; v2 = tMax; tMin = 0; tMax = 1; }
    if (tMax < tMin) { var s = tMin; tMin = tMax; tMax = s; }
    if (t <= tMin) return v1;
    if (t >= tMax) return v2;
    return mix(v1, v2, curve((t - tMin) / (tMax - tMin)));
  };
}
function hash(h, x) { h = Math.imul(h ^ (x | 0), 0x5bd1e995); h ^= h >>> 15; return Math.imul(h, 0x27d4eb2d) ^ (h >>> 13); }
function unit(h) { return ((hash(h, 0x3c6ef372) >>> 0) / 4294967296); }
function Rng(seed) { this.seed = seed; this.state = seed; this.offset = 0; }
Rng.prototype.next = function () {
  var s = this.state = (this.state + 0x6D2B79F5) | 0;
  var t = Math.imul(s ^ (s >>> 15), 1 | s);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
Rng.prototype.reseed = function (offset, timeless, frame) {
  this.offset = offset;
  this.state = hash(hash(this.seed, Math.round(offset * 1024)), timeless ? 0x7fffffff : Math.round(frame * 1000));
};
function noise(seed, x) {
  var i = Math.floor(x), f = x - i, u = f * f * f * (f * (f * 6 - 15) + 10);
  var a = unit(hash(seed, i)) * 2 - 1, b = unit(hash(seed, i + 1)) * 2 - 1;
  return a + (b - a) * u;
}
\#(ExpressionRandom.library)
var STREAM = new Arc4Stream();
function norm(r) {
  if (typeof r === 'number') return r;
  if (typeof r === 'boolean' || r instanceof Number || r instanceof Boolean) return +r;
  if (isArr(r)) { var o = []; for (var i = 0; i < Math.min(r.length, 4); i++) o.push(+r[i]); return o; }
  return r;
}
function keysOf(id) { return keyCache[id] || (keyCache[id] = KEYS(id)); }
function frameOf(t) { return t * FR; }
function decorate(v, id) {
  var o = typeof v === 'number' ? new Number(v) : v;
  if (o === null || typeof o !== 'object') return v;
  var m = propertyOf(id);
  o.valueAtTime = m.valueAtTime; o.velocityAtTime = m.velocityAtTime; o.speedAtTime = m.speedAtTime;
  o.key = m.key; o.nearestKey = m.nearestKey; o.numKeys = m.numKeys; o.value = v;
  return o;
}
var properties = {};
function propertyOf(id) {
  if (properties[id]) return properties[id];
  var p = {
    valueAtTime: function (t) { return V(id, frameOf(t), 0); },
    velocityAtTime: function (t) { return velocity(id, t, 0); },
    speedAtTime: function (t) { return len(velocity(id, t, 0)); },
    key: function (n) { return keyAt(id, n); },
    nearestKey: function (t) { return nearest(id, t); },
    numKeys: keysOf(id).length
  };
  Object.defineProperty(p, 'value', { get: function () { return V(id, frameOf(NOW[NOW.length - 1]), 0); } });
  pathMethods(p, id, undefined);
  return (properties[id] = p);
}
function pairs(list) { var r = []; for (var i = 0; i < list.length; i++) r.push([list[i][0], list[i][1]]); return r; }
function pathMethods(o, id, frame) {
  function at(t) { return SHAPE(id, t !== undefined ? frameOf(t) : frame !== undefined ? frame : frameOf(NOW[NOW.length - 1])); }
  o.points = function (t) { return pairs(at(t)[0]); };
  o.inTangents = function (t) { return pairs(at(t)[1]); };
  o.outTangents = function (t) { return pairs(at(t)[2]); };
  o.isClosed = function () { return at()[3]; };
  return o;
}
function madePath(s) {
  var o = { __tl_shape: s };
  o.points = function () { return pairs(s[0]); }; o.inTangents = function () { return pairs(s[1]); };
  o.outTangents = function () { return pairs(s[2]); }; o.isClosed = function () { return s[3]; };
  return o;
}
function createPath(points, inTangents, outTangents, closed) {
  if (!isArr(points)) throw new TypeError('createPath: the points must be an array of [x, y] pairs');
  function list(a, i) { var p = isArr(a) && isArr(a[i]) ? a[i] : [0, 0]; return [+p[0], +p[1]]; }
  var P = [], I = [], O = [];
  for (var i = 0; i < points.length; i++) {
    if (!isArr(points[i])) throw new TypeError('createPath: point ' + i + ' is not an [x, y] pair');
    P.push(list(points, i)); I.push(list(inTangents, i)); O.push(list(outTangents, i));
  }
  return madePath([P, I, O, closed === undefined ? true : !!closed]);
}
function vec2(v, fallback) { return isArr(v) ? [+v[0], v.length > 1 ? +v[1] : 0] : v === undefined ? fallback : [+v, +v]; }
function ownTransform(d, x, y, f, inverse) {
  var P = d.props;
  var a = P.a !== undefined ? vec2(V(P.a, f, 0), [0, 0]) : [0, 0];
  var s = P.s !== undefined ? vec2(V(P.s, f, 0), [100, 100]) : [100, 100];
  var r = P.r !== undefined ? +V(P.r, f, 0) * Math.PI / 180 : 0;
  var p = P.p !== undefined ? vec2(V(P.p, f, 0), [0, 0]) : [P.px !== undefined ? +V(P.px, f, 0) : 0, P.py !== undefined ? +V(P.py, f, 0) : 0];
  var c = Math.cos(r), n = Math.sin(r), sx = s[0] / 100, sy = s[1] / 100, u;
  if (!inverse) {
    x = (x - a[0]) * sx; y = (y - a[1]) * sy;
    u = x * c - y * n; y = x * n + y * c; return [u + p[0], y + p[1]];
  }
  x -= p[0]; y -= p[1];
  u = x * c + y * n; y = -x * n + y * c;
  return [(sx ? u / sx : 0) + a[0], (sy ? y / sy : 0) + a[1]];
}
function chainOf(L) {
  var out = [], l = L;
  while (l && out.length < 64) { out.push(l); l = l.__d.parent === null ? null : findLayerOrNull(l.__c, l.__d.parent); }
  return out;
}
function findLayerOrNull(c, x) { for (var i = 0; i < c.layers.length; i++) if (c.layers[i].index === x) return c.layers[i]; return null; }
function space(L, point, t, inverse) {
  var v = isArr(point) ? point : [0, 0], f = frameOf(t === undefined ? NOW[NOW.length - 1] : t);
  var q = [+v[0], +v[1]], chain = chainOf(L), i;
  if (!inverse) { for (i = 0; i < chain.length; i++) q = ownTransform(chain[i].__d, q[0], q[1], f, false); }
  else { for (i = chain.length - 1; i >= 0; i--) q = ownTransform(chain[i].__d, q[0], q[1], f, true); }
  return v.length > 2 ? [q[0], q[1], +v[2]] : q;
}
function velocity(id, t, mode) {
  var d = 0.001, a = V(id, frameOf(t), mode), b = V(id, frameOf(t - d), mode);
  return div(sub(a, b), d);
}
function keyAt(id, n) {
  var k = keysOf(id)[n - 1];
  if (!k) throw new RangeError('key(' + n + '): the property has ' + keysOf(id).length + ' keyframes');
  var o = { time: k[0] / FR, value: k[1], index: n };
  if (isArr(k[1])) { for (var i = 0; i < k[1].length; i++) o[i] = k[1][i]; } else o[0] = k[1];
  return o;
}
function nearest(id, t) {
  var ks = keysOf(id), best = 0;
  for (var i = 1; i < ks.length; i++) if (Math.abs(ks[i][0] - frameOf(t)) < Math.abs(ks[best][0] - frameOf(t))) best = i;
  if (!ks.length) throw new RangeError('nearestKey: the property has no keyframes');
  return keyAt(id, best + 1);
}
function pathIface(id) {
  return function () { var f = frameOf(NOW[NOW.length - 1]); return pathMethods({ __tl_path: id, __tl_frame: f }, id, f); };
}
function valueIface(id) { return function () { return decorate(V(id, frameOf(NOW[NOW.length - 1]), 0), id); }; }
function loop(id, frame, type, n, byDuration, out, layer) {
  var ks = keysOf(id), pv = V(id, frame, 1);
  if (ks.length < 2) return pv;
  type = type ? String(type).toLowerCase() : 'cycle';
  var first, last, dur;
  if (out) {
    last = ks[ks.length - 1][0];
    if (frame <= last) return pv;
    if (!byDuration) { if (!n || n > ks.length - 1) n = ks.length - 1; first = ks[ks.length - 1 - n][0]; dur = last - first; }
    else { dur = n ? Math.abs(n * FR) : Math.max(0, last - layer.ipFrame); first = last - dur; }
  } else {
    first = ks[0][0];
    if (frame >= first) return pv;
    if (!byDuration) { if (!n || n > ks.length - 1) n = ks.length - 1; last = ks[n][0]; dur = last - first; }
    else { dur = n ? Math.abs(n * FR) : Math.abs(layer.opFrame - first); last = first + dur; }
  }
  if (!(dur > 0)) return pv;
  if (type === 'continue') {
    var d = 0.001;
    if (out) { var lv = V(id, last, 1); return sum(lv, mul(sub(lv, V(id, last - d, 1)), (frame - last) / d)); }
    var fv = V(id, first, 1); return sum(fv, mul(sub(fv, V(id, first + d, 1)), (first - frame) / d));
  }
  var elapsed = out ? frame - first : first - frame;
  var k = Math.floor(elapsed / dur), local = elapsed - k * dur;
  if (out) {
    if (type === 'pingpong' && k % 2 !== 0) return V(id, first + dur - local, 1);
    if (type === 'offset') return sum(V(id, first + local, 1), mul(sub(V(id, last, 1), V(id, first, 1)), k));
    return V(id, first + local, 1);
  }
  if (type === 'pingpong' && k % 2 === 0) return V(id, first + local, 1);
  if (type === 'offset') return sub(V(id, first + dur - local, 1), mul(sub(V(id, last, 1), V(id, first, 1)), k + 1));
  return V(id, first + dur - local, 1);
}
function markerIface(list) {
  function key(x) {
    var m = null;
    if (typeof x === 'string') { for (var i = 0; i < list.length; i++) if (list[i].name === x) { m = list[i]; x = i + 1; break; } }
    else m = list[x - 1];
    if (!m) throw new RangeError('marker.key(' + x + '): no such marker');
    return { time: m.frame / FR, duration: m.duration / FR, comment: m.name, name: m.name, index: x };
  }
  return {
    numKeys: list.length, key: key,
    nearestKey: function (t) {
      if (!list.length) throw new RangeError('marker.nearestKey: there are no markers');
      var best = 0;
      for (var i = 1; i < list.length; i++) if (Math.abs(list[i].frame - t * FR) < Math.abs(list[best].frame - t * FR)) best = i;
      return key(best + 1);
    }
  };
}
function findLayer(c, x) {
  for (var i = 0; i < c.layers.length; i++) {
    var L = c.layers[i];
    if ((typeof x === 'number' && L.index === x) || L.name === x) return L;
  }
  throw new RangeError('layer(' + JSON.stringify(x) + '): no such layer in ' + JSON.stringify(c.name));
}
function makeLayer(d, c) {
  var L = { name: d.name, index: d.ind, inPoint: d.ip / FR, outPoint: d.op / FR, startTime: d.st / FR, hasParent: d.parent !== null,
            ipFrame: d.ip, opFrame: d.op, marker: markerIface([]) };
  var tr = {}, P = d.props;
  function prop(name, id) { if (id !== undefined) Object.defineProperty(tr, name, { get: valueIface(id), enumerable: true }); }
  prop('anchorPoint', P.a); prop('scale', P.s); prop('rotation', P.r); prop('zRotation', P.r); prop('opacity', P.o);
  prop('skew', P.sk); prop('skewAxis', P.sa); prop('xPosition', P.px); prop('yPosition', P.py);
  if (P.p !== undefined) prop('position', P.p);
  else if (P.px !== undefined) Object.defineProperty(tr, 'position', { get: function () {
    var t = frameOf(NOW[NOW.length - 1]); return [V(P.px, t, 0), V(P.py, t, 0)];
  } });
  L.transform = tr;
  L.__d = d; L.__c = c;
  ['anchorPoint', 'position', 'scale', 'rotation', 'opacity'].forEach(function (k) {
    Object.defineProperty(L, k, { get: function () { return tr[k]; } });
  });
  L.toComp = function (p, t) { return space(L, p, t, false); };
  L.fromComp = function (p, t) { return space(L, p, t, true); };
  L.toWorld = L.toComp; L.fromWorld = L.fromComp; L.fromCompToSurface = L.fromComp;
  L.effect = function (x) {
    var e = null;
    for (var i = 0; i < d.effects.length; i++) if (d.effects[i].name === x || d.effects[i].mn === x || i + 1 === x) { e = d.effects[i]; break; }
    if (!e) throw new RangeError('effect(' + JSON.stringify(x) + '): no such effect on layer ' + JSON.stringify(d.name));
    var f = function (y) {
      for (var j = 0; j < e.params.length; j++) {
        var q = e.params[j];
        if (q.name !== y && q.mn !== y && j + 1 !== y) continue;
        var v = V(q.id, frameOf(NOW[NOW.length - 1]), 0);
        // A layer control names a layer of the composition by its index, and reads as that layer.
        return q.ty === 10 ? findLayer(c, +v) : decorate(v, q.id);
      }
      throw new RangeError('effect(' + JSON.stringify(e.name) + ')(' + JSON.stringify(y) + '): no such parameter');
    };
    f.param = f;
    return f;
  };
  Object.defineProperty(L, 'parent', { get: function () { return d.parent === null ? undefined : findLayer(c, d.parent); } });
  tr.__parent = L;
  for (var key in P) if (P.hasOwnProperty(key)) owners[P[key]] = tr;
  var contents = contentFinder(d.content || [], null);
  contents.__parent = L;
  L.content = contents;
  L.__tree = d.content || [];
  return L;
}
function propsIface(f, list) {
  for (var i = 0; i < list.length; i++) {
    Object.defineProperty(f, list[i].name, { get: list[i].path ? pathIface(list[i].id) : valueIface(list[i].id), enumerable: true });
    owners[list[i].id] = f;
  }
  return function (x) {
    for (var i = 0; i < list.length; i++) {
      if (list[i].name !== x && list[i].ix !== x) continue;
      return list[i].path ? pathIface(list[i].id)() : decorate(V(list[i].id, frameOf(NOW[NOW.length - 1]), 0), list[i].id);
    }
    return undefined;
  };
}
function nodeIface(n, parent) {
  var byProperty, f = function (x) {
    var v = byProperty(x);
    if (v !== undefined) return v;
    if (n.ty === 'gr') return (x === 'ADBE Vectors Group' || x === 'Contents' || x === 2) ? f.content : f.transform;
    throw new RangeError(JSON.stringify(n.name) + '(' + JSON.stringify(x) + '): no such property');
  };
  byProperty = propsIface(f, n.props);
  f.__parent = parent;
  f.propertyGroup = groupOf(f);
  if (n.transform.length) {
    var t = function (x) { var v = byTransform(x); if (v === undefined) throw new RangeError('transform(' + JSON.stringify(x) + '): no such property'); return v; };
    var byTransform = propsIface(t, n.transform);
    t.__parent = f;
    f.transform = t;
  }
  if (n.ty === 'gr') { f.content = contentFinder(n.items, f); f.content.__parent = f; f.numProperties = n.items.length; }
  return f;
}
function contentFinder(nodes, parent) {
  var made = [];
  function at(i) { return made[i] || (made[i] = nodeIface(nodes[i], find)); }
  function find(x) {
    var i;
    for (i = 0; i < nodes.length; i++) if (nodes[i].name === x || nodes[i].mn === x) return at(i);
    for (i = 0; i < nodes.length; i++) if (typeof x === 'number' && nodes[i].ix === x) return at(i);
    if (typeof x === 'number' && x >= 1 && x <= nodes.length) return at(x - 1);
    throw new RangeError('content(' + JSON.stringify(x) + '): no such shape group or item');
  }
  find.__all = function () { for (var i = 0; i < nodes.length; i++) { var f = at(i); if (f.content) f.content.__all(); } };
  find.numProperties = nodes.length;
  return find;
}
function groupOf(start) {
  return function (k) {
    var g = start;
    k = k === undefined ? 1 : +k;
    while (k-- > 1 && g) g = g.__parent;
    if (!g) throw new RangeError('propertyGroup(' + k + '): past the layer');
    return g;
  };
}
G.__tl_setup = function (json) {
  var data = JSON.parse(json);
  FR = data.frameRate;
  for (var i = 0; i < data.comps.length; i++) {
    var cd = data.comps[i];
    var c = { name: cd.name, width: cd.width, height: cd.height, duration: cd.frames / FR, frameDuration: 1 / FR,
              displayStartTime: 0, pixelAspect: 1, layers: [], marker: markerIface(cd.markers || []) };
    c.numLayers = cd.layers.length;
    c.layer = (function (c) { return function (x) { return findLayer(c, x); }; })(c);
    comps.push(c);
    for (var j = 0; j < cd.layers.length; j++) { var L = makeLayer(cd.layers[j], c); c.layers.push(L); layers.push(L); }
  }
};
function comp(name) {
  for (var i = 0; i < comps.length; i++) if (comps[i].name === name) return comps[i];
  throw new RangeError('comp(' + JSON.stringify(name) + '): no such composition');
}
var lib = {
  add: sum, sub: sub, mul: mul, div: div, sum: sum, $bm_sum: sum, $bm_sub: sub, $bm_mul: mul, $bm_div: div, $bm_mod: mod, $bm_neg: neg,
  $bm_isInstanceOfArray: isArr, length: len, normalize: normalize, dot: dot, cross: cross, clamp: clamp,
  linear: interpolator(function (p) { return p; }), ease: interpolator(bezier(0.33, 0, 0.667, 1)),
  easeIn: interpolator(bezier(0.333, 0, 0.833, 0.833)), easeOut: interpolator(bezier(0.167, 0.167, 0.667, 1)),
  degreesToRadians: function (d) { return d * Math.PI / 180; }, radiansToDegrees: function (r) { return r * 180 / Math.PI; },
  timeToFrames: function (t, fps) { if (t === undefined) t = NOW[NOW.length - 1]; return t * (fps || FR); },
  framesToTime: function (f, fps) { return f / (fps || FR); },
  comp: comp, createPath: createPath,
  lookAt: function (from, to) {
    var d = sub(to, from), l = len(d); d = l ? div(d, l) : [0, 0, 1];
    return [Math.atan2(d[1], Math.sqrt(d[0] * d[0] + d[2] * d[2])) * -180 / Math.PI, Math.atan2(d[0], d[2]) * 180 / Math.PI, 0];
  },
  rgbToHsl: function (c) {
    var r = c[0], g = c[1], b = c[2], mx = Math.max(r, g, b), mn = Math.min(r, g, b), h = 0, s = 0, l = (mx + mn) / 2;
    if (mx !== mn) {
      var dd = mx - mn; s = l > 0.5 ? dd / (2 - mx - mn) : dd / (mx + mn);
      h = mx === r ? (g - b) / dd + (g < b ? 6 : 0) : mx === g ? (b - r) / dd + 2 : (r - g) / dd + 4; h /= 6;
    }
    return [h, s, l, c[3] === undefined ? 1 : c[3]];
  },
  hslToRgb: function (c) {
    var h = c[0], s = c[1], l = c[2];
    function f(p, q, t) { if (t < 0) t += 1; if (t > 1) t -= 1; if (t < 1 / 6) return p + (q - p) * 6 * t; if (t < 1 / 2) return q;
      if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6; return p; }
    if (s === 0) return [l, l, l, c[3] === undefined ? 1 : c[3]];
    var q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q;
    return [f(p, q, h + 1 / 3), f(p, q, h), f(p, q, h - 1 / 3), c[3] === undefined ? 1 : c[3]];
  }
};
Object.freeze(lib);
G.__tl_lib = lib;
G.__tl_make = function (id, layerIndex, compIndex, seed, randSeed, reseeds) {
  var L = layers[layerIndex], C = comps[compIndex], rng = new Rng(seed), frame = 0, iface = propertyOf(id);
  iface.propertyGroup = function (k) {
    if (!owners[id]) L.content.__all();
    if (!owners[id]) throw new RangeError('propertyGroup: the property is in no group expressions can read');
    return groupOf(owners[id])(k);
  };
  var p = {
    thisProperty: iface, thisLayer: L, thisComp: C, transform: L.transform, $bm_transform: L.transform, effect: L.effect,
    hasParent: L.hasParent, index: L.index, name: L.name, inPoint: L.inPoint, outPoint: L.outPoint, startTime: L.startTime,
    marker: L.marker, parent: L.parent, frameDuration: 1 / FR, layer: C.layer, content: L.content,
    toComp: L.toComp, fromComp: L.fromComp, toWorld: L.toWorld, fromWorld: L.fromWorld, fromCompToSurface: L.fromCompToSurface,
    valueAtTime: function (t) { return V(id, frameOf(t), 1); },
    velocityAtTime: function (t) { return velocity(id, t, 1); },
    speedAtTime: function (t) { return len(velocity(id, t, 1)); },
    key: iface.key, nearestKey: iface.nearestKey, numKeys: iface.numKeys,
    loopOut: function (type, n) { return loop(id, frame, type, n, false, true, L); },
    loopIn: function (type, n) { return loop(id, frame, type, n, false, false, L); },
    loopOutDuration: function (type, s) { return loop(id, frame, type, s, true, true, L); },
    loopInDuration: function (type, s) { return loop(id, frame, type, s, true, false, L); },
    seedRandom: function (offset, timeless) { rng.reseed(+offset || 0, !!timeless, frame); STREAM.seed(randSeed + offset); },
    random: function (a, b) { return lottieWebRandom(STREAM, a, b); },
    gaussRandom: function (a, b) {
      var u = Math.max(STREAM.next(), 1e-12), v = STREAM.next(), g = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
      var x = Math.min(Math.max(0.5 + g / 6, 0), 1);
      if (b === undefined) { if (a === undefined) return x; b = a; a = 0; }
      return isArr(b) ? mix(isArr(a) ? a : scale(b, 0), b, x) : a + (b - a) * x;
    },
    wiggle: function (freq, amp, octaves, ampMult, t) {
      if (t === undefined) t = frame / FR;
      octaves = octaves === undefined ? 1 : Math.max(1, Math.min(10, Math.floor(octaves)));
      ampMult = ampMult === undefined ? 0.5 : ampMult;
      var base = V(id, frameOf(t), 1), v = isArr(base) ? base : [base], out = [];
      var s = hash(seed, Math.round(rng.offset * 1024));
      for (var dIndex = 0; dIndex < v.length; dIndex++) {
        var n = 0, a = 1, f = freq;
        for (var o = 0; o < octaves; o++) { n += a * noise(hash(hash(s, dIndex + 1), o + 1), t * f); a *= ampMult; f *= 2; }
        out.push(v[dIndex] + amp * n);
      }
      return isArr(base) ? out : out[0];
    },
    norm: norm,
    enter: function (t) { frame = t * FR; NOW.push(t); rng.reseed(0, false, frame); if (reseeds) STREAM.seed(randSeed + (randSeed + t)); },
    leave: function () { NOW.pop(); }
  };
  return p;
};
})(this);
"""#
}
