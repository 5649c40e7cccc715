/// `random` and `seedRandom` as lottie-web 5.8.1 defines them (issue 44, LT9), in ECMAScript 5
/// spliced into ``ExpressionRuntime/prelude``. Written here from the algorithm as lottie-web's
/// player describes and runs it (its bundled `seedrandom`):
///
/// - **The stream** (one per heap, shared by every property as lottie-web's `BMMath.random` is
///   shared by the page): an RC4 generator keyed by a seed. A seed that is a string is its
///   characters; anything else is converted to a string (JavaScript's own number formatting)
///   followed by a NUL. Each character is folded into a key of at most 256 bytes (byte `k mod
///   256` becomes `(smear + code) mod 256`, where `smear` is xored with 19 times the byte it
///   replaces); the key schedules RC4 in the standard way, with nothing discarded. A draw is a
///   double in [0, 1): six output bytes as a 48-bit numerator over 2^48, widened one byte at a
///   time until the numerator reaches 2^52, then halved until it is under 2^53, with the last
///   byte shifted alike and added.
/// - **Seeds**: each property has a `randSeed` in 0 ..< 1,000,000 (lottie-web draws it from
///   `Math.random()` when the expression is set up; ours is the property's own, from its place
///   in the file, or ``LottieExpressionLimits/randomSeed``). An expression whose text contains
///   `random` reseeds the stream before each evaluation with `randSeed + (randSeed + time)`;
///   `seedRandom(s, timeless)` reseeds it with `randSeed + s` (lottie-web leaves out the time
///   and ignores `timeless`, so the values after it are the same at every frame).
/// - **Draws**: `random()` is one draw; `random(max)` and `random(min, max)` scale one draw
///   into the range; with arrays, one draw scales every component (`random([100, 200])` gives
///   `[100 r, 200 r]`).
///
/// So an expression that names `random` gives the same values at a frame whatever was drawn
/// before. Ours also reseeds an expression that names only `gaussRandom` or `seedRandom` (where
/// lottie-web would continue whatever stream the page holds), so every frame stays a function of
/// its time. Seeds longer than 4,096 characters are refused (a bound: keying walks the seed).
enum ExpressionRandom {
    /// The stream's constructor, `Arc4Stream`, for the prelude's closure.
    static let library = #"""
function Arc4Stream() {
  this.s = []; this.key = []; this.i = 0; this.j = 0;
  for (var k = 0; k < 256; k++) { this.s.push(k); this.key.push(0); }
}
Arc4Stream.prototype.seed = function (seed) {
  var text = typeof seed === 'string' ? seed : String(seed) + '\u0000';
  if (text.length > 4096) throw new RangeError('seedRandom: a seed of at most 4096 characters');
  var key = this.key, s = this.s, n = Math.max(1, Math.min(text.length, 256)), smear = 0, i, j, t, b;
  for (i = 0; i < n; i++) key[i] = 0;
  for (i = 0; i < text.length; i++) {
    b = i & 255;
    smear ^= key[b] * 19;
    key[b] = (smear + text.charCodeAt(i)) & 255;
  }
  for (i = 0; i < 256; i++) s[i] = i;
  for (i = 0, j = 0; i < 256; i++) { t = s[i]; j = (j + key[i % n] + t) & 255; s[i] = s[j]; s[j] = t; }
  this.i = 0; this.j = 0;
};
Arc4Stream.prototype.byte = function () {
  var s = this.s, i = this.i = (this.i + 1) & 255, t = s[i], j = this.j = (this.j + t) & 255;
  s[i] = s[j]; s[j] = t;
  return s[(s[i] + t) & 255];
};
Arc4Stream.prototype.next = function () {
  var n = 0, d = 281474976710656, x = 0, k;
  for (k = 0; k < 6; k++) n = n * 256 + this.byte();
  while (n < 4503599627370496) { n = (n + x) * 256; d *= 256; x = this.byte(); }
  while (n >= 9007199254740992) { n /= 2; d /= 2; x >>>= 1; }
  return (n + x) / d;
};
function lottieWebRandom(stream, min, max) {
  if (max === undefined) { if (min === undefined) { min = 0; max = 1; } else { max = min; min = undefined; } }
  var r, i, out;
  if (isArr(max)) {
    r = stream.next(); out = [];
    for (i = 0; i < max.length; i++) { var lo = isArr(min) ? +min[i] || 0 : 0; out.push(lo + r * (max[i] - lo)); }
    return out;
  }
  if (min === undefined) min = 0;
  return min + stream.next() * (max - min);
}
"""#

    /// The seed lottie-web would draw for a property (0 ..< 1,000,000): `fixed` when given,
    /// else the property's own hash (``ExpressionEngine/seed(_:)``) reduced to that range.
    static func randSeed(hash: Int32, fixed: Int?) -> Int {
        if let fixed { return min(max(fixed, 0), 999_999) }
        return Int(UInt32(bitPattern: hash) % 1_000_000)
    }

    /// Whether an expression reseeds the stream before each evaluation: lottie-web's test (the
    /// text contains `random`), widened to `Random` so `gaussRandom` and `seedRandom` alone are
    /// a function of the frame too.
    static func reseedsEachFrame(_ source: String) -> Bool {
        source.contains("random") || source.contains("Random")
    }
}
