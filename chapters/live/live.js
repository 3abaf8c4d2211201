/* live.js - the book's live figures (make live; chapters/live/README.md).
 *
 * A page holds <div class="live-figure" data-section="03_two_bone">; this
 * script loads live/<slug>.js beside the page (a <script>, since browsers
 * refuse fetch() from file://), which hands over the student's solver as
 * wasm (and, in the instructor edition, the reference's). Each solver runs
 * in a Worker of its own made from a Blob URL, so a loop that never ends
 * blocks only that Worker: a watchdog terminate()s it after WATCHDOG_MS and
 * the page goes on drawing. Dragging a handle re-solves; the figure draws
 * the reference solid under the student's answer dashed, and lists the
 * contract's properties of the student's answer as ✓/✗. It is never a
 * verdict: in wasm a NULL dereference reads memory instead of crashing, and
 * only the checker runs the real cases (make check).
 *
 * window.LIVE is read by make test-live (chapters/live/test_live.py).
 */
(function () {
  'use strict';
  var WATCHDOG_MS = 250;
  var STARTUP_MS = 5000;
  var POLL_MS = 1000;
  var IN_FLOATS = 256;
  var OUT_FLOATS = 512;  /* what a figure reads unless it says more (def.outFloats) */
  var SVG = 'http://www.w3.org/2000/svg';
  var lang = 'th';

  /* Thai with the English term in parentheses; LANG=en builds English only. */
  function T(th, en) { return lang === 'en' ? en : th + ' (' + en + ')'; }

  /* ---- the Worker: runs one wasm solver --------------------------------
   * Written as a function so it is real code here, sent as its source. */
  function workerMain() {
    var mod = null, inst = null, printed = '', memoryCap = 0;
    function text(bytes) { return new TextDecoder('utf-8').decode(bytes); }
    function imports() {
      /* wasi-libc's printf, abort and exit come here; the rest answer
       * ENOSYS (52): a solver has no files, clock or random to ask for. */
      var wasi = {
        fd_write: function (fd, iovs, count, written) {
          var mem = inst.exports.memory.buffer, dv = new DataView(mem), total = 0;
          for (var i = 0; i < count; i++) {
            var p = dv.getUint32(iovs + 8 * i, true), n = dv.getUint32(iovs + 8 * i + 4, true);
            if (printed.length < 2000) printed += text(new Uint8Array(mem, p, Math.min(n, 2000)));
            total += n;
          }
          dv.setUint32(written, total, true);
          return 0;
        },
        proc_exit: function (code) { throw new Error('exit(' + code + ')'); },
        /* every descriptor is a terminal: wasi-libc then line-buffers
         * stdout, so a printed line reaches fd_write within the call */
        fd_fdstat_get: function (fd, stat) {
          var dv = new DataView(inst.exports.memory.buffer);
          for (var i = 0; i < 24; i++) dv.setUint8(stat + i, 0);
          dv.setUint8(stat, 2);  /* __WASI_FILETYPE_CHARACTER_DEVICE */
          return 0;
        }
      };
      var env = {};
      WebAssembly.Module.imports(mod).forEach(function (im) {
        var ns = im.module === 'wasi_snapshot_preview1' ? wasi : (env[im.module] = env[im.module] || {});
        if (im.kind === 'function' && !ns[im.name]) ns[im.name] = function () { return 52; };
      });
      env.wasi_snapshot_preview1 = wasi;
      return env;
    }
    function fresh() {
      inst = new WebAssembly.Instance(mod, imports());
      if (inst.exports._initialize) inst.exports._initialize();
    }
    onmessage = function (e) {
      var m = e.data;
      /* compiled and instantiated before the first request, so that the
       * watchdog times the solver, not a busy machine starting a Worker */
      if (m.wasm) {
        memoryCap = m.memoryCap;
        try { mod = new WebAssembly.Module(m.wasm); fresh(); } catch (err) { inst = null; }
        postMessage({ ready: true });
        return;
      }
      printed = '';
      var answer = { id: m.id };
      try {
        if (!inst) fresh();
        var mem = inst.exports.memory;
        new Float32Array(mem.buffer, inst.exports.live_in(), m.inFloats).set(m.input);
        var t0 = performance.now();
        answer.ret = inst.exports.live_run(m.op);
        answer.solveMs = performance.now() - t0;
        answer.out = new Float32Array(inst.exports.memory.buffer, inst.exports.live_out(), m.outFloats).slice();
        /* no solver needs megabytes: past half of build.py's cap (where
         * malloc answers NULL) it is a leak */
        if (inst.exports.memory.buffer.byteLength > memoryCap / 2) {
          answer.memory = inst.exports.memory.buffer.byteLength;
          inst = null;  /* a leak: start clean next time */
        }
      } catch (err) {
        /* a trap (abort, unreachable, out-of-bounds memory, stack
         * exhausted) leaves the instance in an unknown state */
        answer.trap = String(err && err.message || err);
        inst = null;
      }
      answer.printed = printed;
      postMessage(answer);
    };
  }
  var workerUrl = null;
  function newWorker() {
    if (!workerUrl) workerUrl = URL.createObjectURL(new Blob(['(' + workerMain.toString() + ')();'], { type: 'text/javascript' }));
    return new Worker(workerUrl);
  }

  /* ---- a solver: its Worker, the watchdog, one request in flight -------- */
  function Solver(name, bytes, memoryCap, onAnswer) {
    this.name = name; this.bytes = bytes; this.memoryCap = memoryCap; this.onAnswer = onAnswer;
    this.worker = null; this.busy = false; this.pending = null; this.id = 0;
    this.times = []; this.solveTimes = []; this.timeouts = 0; this.leaks = 0; this.leakBytes = 0;
  }
  Solver.prototype.start = function () {
    var self = this;
    this.ready = false;
    this.worker = newWorker();
    this.worker.onmessage = function (e) { self.answered(e.data); };
    this.worker.onerror = function (e) {
      e.preventDefault();
      self.answered({ id: self.id, trap: String(e.message || 'worker error') });
    };
    this.worker.postMessage({ wasm: this.bytes, memoryCap: this.memoryCap });
    /* a start that never ends (a constructor that loops) is stopped too,
     * with a margin a loaded machine starting a Worker never needs */
    var worker = this.worker;
    setTimeout(function () {
      if (self.worker !== worker || self.ready) return;
      worker.terminate();
      self.worker = null;
      self.pending = null;
      self.timeouts++;
      self.onAnswer({ timeout: true });
    }, STARTUP_MS);
  };
  /* The latest request wins: while one is in flight, newer drags replace
   * the waiting one, so a slow solver never builds a queue. */
  Solver.prototype.call = function (op, input, outFloats) {
    this.pending = { op: op, input: input, outFloats: outFloats || OUT_FLOATS };
    if (!this.busy) this.send();
  };
  Solver.prototype.send = function () {
    var self = this, req = this.pending;
    if (!this.worker) this.start();
    if (!this.ready) return;  /* sent once the Worker says it is ready */
    this.pending = null;
    this.busy = true;
    this.id++;
    this.t0 = performance.now();
    this.timer = setTimeout(function () { self.watchdog(); }, WATCHDOG_MS);
    this.worker.postMessage({ id: this.id, op: req.op, input: req.input, inFloats: IN_FLOATS, outFloats: req.outFloats });
  };
  Solver.prototype.answered = function (a) {
    if (a.ready) {
      this.ready = true;
      if (this.pending && !this.busy) this.send();
      return;
    }
    if (!this.busy || a.id !== this.id) return;
    clearTimeout(this.timer);
    this.busy = false;
    if (a.memory) { this.leaks++; this.leakBytes = a.memory; }
    this.onAnswer(a);
    /* the round trip: request sent, answer drawn */
    this.times.push(performance.now() - this.t0);
    this.solveTimes.push(a.solveMs || 0);
    if (this.times.length > 5000) { this.times.shift(); this.solveTimes.shift(); }
    if (this.pending) this.send();
  };
  Solver.prototype.watchdog = function () {
    this.worker.terminate();
    this.worker = null;
    this.ready = false;
    this.busy = false;
    this.timeouts++;
    this.onAnswer({ timeout: true });
    if (this.pending) this.send();
  };
  Solver.prototype.idle = function () { return !this.busy && !this.pending; };

  /* ---- drawing helpers -------------------------------------------------- */
  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(tag, cls, parent, textContent) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (textContent !== undefined) e.textContent = textContent;
    if (parent) parent.appendChild(e);
    return e;
  }
  function v(out, at) { return [out[at], out[at + 1], out[at + 2]]; }
  function sub(a, b) { return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]; }
  function len(a) { return Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }
  function dist(a, b) { return len(sub(a, b)); }
  function finite(a) { return a.every(function (x) { return isFinite(x); }); }
  function fmt(x, d) { return isFinite(x) ? x.toFixed(d === undefined ? 3 : d) : String(x); }
  function deg(r) { return fmt(r * 180 / Math.PI, 1) + '°'; }
  function add(a, b) { return [a[0] + b[0], a[1] + b[1], a[2] + b[2]]; }
  function scale(a, s) { return [a[0] * s, a[1] * s, a[2] * s]; }
  function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
  function cross(a, b) { return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }
  function unit(a) { var l = len(a); return l > 0 ? scale(a, 1 / l) : [0, 0, 0]; }
  function lerp(a, b, t) { return add(a, scale(sub(b, a), t)); }
  function clamp(x, lo, hi) { return Math.max(lo, Math.min(hi, x)); }
  function q(out, at) { return [out[at], out[at + 1], out[at + 2], out[at + 3]]; }
  /* the vector v turned by the quaternion r (x y z w), as ikmath.h's quat_rotate */
  function rot(r, p) {
    var u = [r[0], r[1], r[2]], t = scale(cross(u, p), 2);
    return add(add(p, scale(t, r[3])), cross(u, t));
  }
  function qlen(r) { return Math.sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]); }
  function angle(a, b) { var la = len(a), lb = len(b); return la > 0 && lb > 0 ? Math.atan2(len(cross(a, b)), dot(a, b)) : NaN; }
  /* turned by yaw about +Y: a yaw of 0 faces +Z, h faces (sin h, 0, cos h) */
  function yawed(p, h) { var c = Math.cos(h), s = Math.sin(h); return [c * p[0] + s * p[2], p[1], -s * p[0] + c * p[2]]; }
  function near(a, b, tol) { return finite(a) && finite(b) && dist(a, b) <= tol; }
  /* side views: the page's right is +Z, its up +Y (x stays as it was) */
  function sideProj(p) { return [p[2], p[1]]; }
  function sideUnproj(uv, old) { return [old ? old[0] : 0, uv[1], uv[0]]; }
  /* the angle whose point of a circle (centre c, unit axes u v, radius r)
   * lands nearest to uv on the page */
  function snapOnCircle(fig, uv, c, u, v, r) {
    var best = 0, bestD = Infinity;
    for (var i = 0; i < 720; i++) {
      var a = i * Math.PI / 360, p = fig.def.proj(add(c, add(scale(u, r * Math.cos(a)), scale(v, r * Math.sin(a)))));
      var d = (p[0] - uv[0]) * (p[0] - uv[0]) + (p[1] - uv[1]) * (p[1] - uv[1]);
      if (d < bestD) { bestD = d; best = a; }
    }
    return best > Math.PI ? best - 2 * Math.PI : best;
  }
  function circlePts(c, u, v, r, n) {
    var pts = [];
    for (var i = 0; i <= n; i++) {
      var a = 2 * Math.PI * i / n;
      pts.push(add(c, add(scale(u, r * Math.cos(a)), scale(v, r * Math.sin(a)))));
    }
    return pts;
  }

  /* ---- the figures, one per section ------------------------------------
   * state: what the handles and sliders hold; input(): the floats the glue
   * reads (chapters/live/glue/<slug>.c); draw(layer, answer, kind): the
   * answer in the figure; props(answer): the contract's properties. */
  var REACH03 = { L1: 0.6, L2: 0.5 };
  function chainRest(n) {
    var j = [];
    for (var i = 0; i < n; i++) j.push([0.3 * i, i % 2 ? 0.04 : 0, 0]);
    return j;
  }
  function chainFigure(title, note) {
    return {
      title: title, note: note, scale: 170, origin: [70, 250],
      state: { target: [0.55, 0.65, 0], passes: 3 },
      handles: [{ key: 'target', label: T('เป้า', 'target') }],
      sliders: [{ key: 'passes', min: 1, max: 30, step: 1, label: T('จำนวนรอบสูงสุด', 'max_passes') }],
      n: 5,
      input: function (s) {
        var rest = chainRest(this.n), f = [this.n, s.passes, 1e-3].concat(s.target);
        rest.forEach(function (p) { f = f.concat(p); });
        return f;
      },
      joints: function (a) {
        var j = [];
        for (var i = 0; i < this.n; i++) j.push(v(a.out, 3 + 3 * i));
        return j;
      },
      draw: function (fig, layer, a) {
        var js = this.joints(a);
        fig.polyline(layer, js);
        js.forEach(function (p) { fig.dot(layer, p, 3); });
      },
      background: function (fig, layer) {
        fig.polyline(layer, chainRest(this.n), 'live-rest');
      },
      status: function (a) {
        var names = ['IK_REACHED', 'IK_NOT_REACHED', 'IK_UNREACHABLE', 'IK_INVALID_INPUT'];
        return (names[a.out[0]] || 'status ' + a.out[0]) + ', passes = ' + a.out[1] + ', |tip − target| = ' +
          fmt(dist(v(a.out, 3 + 3 * (this.n - 1)), fig_target(this)), 4) + ' m';
      },
      props: function (s, a) {
        var n = this.n, rest = chainRest(n), js = this.joints(a), tip = js[n - 1], ok = finite([].concat.apply([], js));
        var reach = 0, kept = ok;
        for (var i = 0; i + 1 < n; i++) {
          var L = dist(rest[i], rest[i + 1]);
          reach += L;
          if (!(Math.abs(dist(js[i], js[i + 1]) - L) <= 1e-4 * L + 1e-6)) kept = false;
        }
        var err = dist(tip, s.target), far = len(s.target) > reach, status = a.out[0], passes = a.out[1];
        var statusOk = far ? status === 2 : err < 1e-3 ? status === 0 : status === 1 && passes === s.passes;
        var last = passes >= 1 ? a.out[3 + 3 * 32 + passes - 1] : NaN;
        return [
          [ok && dist(js[0], rest[0]) === 0, T('root ไม่ขยับ', 'the root stays put')],
          [kept, T('ทุก bone ยาวเท่าเดิม', 'every bone keeps its length')],
          [ok && passes >= 1 && passes <= s.passes, T('จำนวนรอบ 1..max_passes', 'passes within 1..max_passes')],
          [statusOk, T('status ตรงกับระยะของปลาย', 'the status matches where the tip is') +
            (far ? ' — ' + T('เป้าไกลเกินเอื้อม', 'target beyond reach') : '')],
          [passes >= 1 && Math.abs(last - err) <= 1e-4 * reach, T('tip_error ของรอบสุดท้าย = |tip − target|', 'the last tip_error is |tip − target|')]
        ];
      },
      extra: function (fig, a, ref) {
        fig.errorChart(a, ref, 3 + 3 * 32);
      }
    };
  }
  function fig_target(def) { return def.stateRef.target; }

  /* ---- 04: the pole rides with the hip; each bone's axes ----------------
   * Seen from the front right and above (an orthographic view). The knee
   * is dragged on its circle (every place the two bones can put it), the
   * hip turned by its facing handle; the pole is where the section's
   * pole_from_hip puts it, and the bones' +Z and +Y axes are drawn from the
   * section's rotations. */
  var HIP04 = [0, 0.9, 0], ANKLE04 = [0, 0.12, 0.1], L04 = 0.45;
  function knee04() {
    var d = sub(ANKLE04, HIP04), D = len(d), dir = scale(d, 1 / D), a = D / 2, r = Math.sqrt(L04 * L04 - a * a);
    var fwd = [0, 0, 1], u = unit(sub(fwd, scale(dir, dot(fwd, dir)))), w = cross(dir, u);
    return { c: add(HIP04, scale(dir, a)), u: u, v: w, r: r };
  }
  function figure04() {
    var ca = Math.cos(35 * Math.PI / 180), sa = Math.sin(35 * Math.PI / 180), cb = Math.cos(20 * Math.PI / 180), sb = Math.sin(20 * Math.PI / 180);
    var K = knee04(), FACE = 0.3;
    function kneeAt(s) { return add(K.c, add(scale(K.u, K.r * Math.cos(s.knee)), scale(K.v, K.r * Math.sin(s.knee)))); }
    function axes(fig, layer, at, r, label) {
      if (!finite(at) || !finite(r)) return;
      var z = add(at, scale(rot(r, [0, 0, 1]), 0.2)), y = add(at, scale(rot(r, [0, 1, 0]), 0.13));
      fig.polyline(layer, [at, z], 'live-thin');
      fig.polyline(layer, [at, y], 'live-thin');
      fig.dot(layer, y, 2.5);
      if (label) { fig.label(layer, z, '+Z', 4, 0); fig.label(layer, y, '+Y', 4, -2); }
    }
    return {
      title: T('pole ที่ติดไปกับสะโพก และแกนของแต่ละ bone: ลาก knee บนวงกลมของมัน และหมุนสะโพก',
        'the pole riding with the hip, and each bone\'s axes: drag the knee round its circle, turn the hip'),
      note: T('วงจาง: ทุกตำแหน่งที่ knee ไปได้; ลูกศรเทา: ทิศที่สะโพกหัน (hip forward); ' +
        'เส้นสั้นที่แต่ละ bone: แกน +Z (ยาว) และ +Y (มีจุด) จาก bone_rotations_from_positions ของคุณ',
        'faint ring: every place the knee can go; grey arrow: where the hip faces; at each bone its +Z (long) and +Y (dotted end) axes from your bone_rotations_from_positions'),
      scale: 330, origin: [250, 305],
      proj: function (p) { var d = -p[0] * sa + p[2] * ca; return [p[0] * ca + p[2] * sa, p[1] * cb - d * sb]; },
      state: { knee: 0.3, yaw: 0.5, distance: 0.5, limb: 0 },
      handles: [
        { key: 'knee', label: 'knee', pos: function (s) { return kneeAt(s); },
          set: function (s, uv, fig) { s.knee = snapOnCircle(fig, uv, K.c, K.u, K.v, K.r); } },
        { key: 'yaw', label: T('หมุนสะโพก', 'hip turn'), cls: 'live-pole',
          pos: function (s) { return add(HIP04, [FACE * Math.sin(s.yaw), 0, FACE * Math.cos(s.yaw)]); },
          set: function (s, uv, fig) {
            var a = snapOnCircle(fig, uv, HIP04, [0, 0, 1], [1, 0, 0], FACE);
            s.yaw = a;  /* the point at angle a is (sin a, 0, cos a): the yaw itself */
          } }
      ],
      sliders: [
        { key: 'distance', min: 0.1, max: 0.9, step: 0.01, label: T('ระยะ pole', 'pole distance') },
        { key: 'limb', min: 0, max: 1, step: 1, label: 'limb', show: function (x) { return x ? 'LIMB_ELBOW' : 'LIMB_KNEE'; } }
      ],
      input: function (s) { return [s.limb, s.distance, s.yaw].concat(HIP04, kneeAt(s), ANKLE04); },
      background: function (fig, layer, s) {
        fig.polyline(layer, circlePts(K.c, K.u, K.v, K.r, 64), 'live-thin');
        fig.polyline(layer, circlePts(HIP04, [1, 0, 0], [0, 0, 1], FACE, 48), 'live-thin');
        fig.polyline(layer, [HIP04, add(HIP04, [FACE * Math.sin(s.yaw), 0, FACE * Math.cos(s.yaw)])], 'live-ground');
        fig.dot(layer, HIP04, 4);
        fig.dot(layer, ANKLE04, 4);
        fig.label(layer, HIP04, 'hip', -26, -6);
        fig.label(layer, ANKLE04, 'ankle', 8, 12);
      },
      draw: function (fig, layer, a, s) {
        var knee = kneeAt(s), pole = v(a.out, 3);
        fig.polyline(layer, [HIP04, knee, ANKLE04]);
        if (finite(pole)) {
          fig.ring(layer, pole, 0.025);
          fig.polyline(layer, [knee, pole], 'live-thin');
          if (layer === fig.layers.student) fig.label(layer, pole, 'pole', 8, 4);
        }
        axes(fig, layer, HIP04, q(a.out, 6), layer === fig.layers.student);
        axes(fig, layer, knee, q(a.out, 10), false);
      },
      status: function (a) {
        return (['POLE_OK', 'POLE_DEGENERATE'][a.ret] || 'status ' + a.ret) + ', offset = (' + fmt(a.out[0]) + ', ' + fmt(a.out[1]) + ', ' +
          fmt(a.out[2]) + '), pole = (' + fmt(a.out[3]) + ', ' + fmt(a.out[4]) + ', ' + fmt(a.out[5]) + ')';
      },
      props: function (s, a) {
        var knee = kneeAt(s), off = v(a.out, 0), pole = v(a.out, 3), up = q(a.out, 6), lo = q(a.out, 10);
        var want = [0, 0, s.limb ? -s.distance : s.distance];
        var bones = [[HIP04, knee, up], [knee, ANKLE04, lo]];
        var alongZ = true, towardY = true, units = true;
        bones.forEach(function (b) {
          var bone = unit(sub(b[1], b[0])), r = b[2], z = rot(r, [0, 0, 1]), y = rot(r, [0, 1, 0]), toPole = sub(pole, b[0]);
          if (!(finite(r) && Math.abs(qlen(r) - 1) <= 1e-4)) units = false;
          if (!(finite(z) && dist(z, bone) <= 1e-4)) alongZ = false;
          var side = cross(bone, toPole);
          if (!(finite(y) && Math.abs(dot(y, bone)) <= 1e-4)) towardY = false;
          else if (finite(pole) && len(side) > 1e-3 * len(toPole) && !(dot(y, toPole) > 0 && Math.abs(dot(y, unit(side))) <= 1e-4)) towardY = false;
        });
        return [
          [near(off, want, 1e-6), T('offset: knee อยู่หน้า (+Z) elbow อยู่หลัง (−Z) ไกล distance', 'offset: a knee distance in front (+Z), an elbow behind (−Z)')],
          [near(pole, add(HIP04, yawed(off, s.yaw)), 1e-5), T('pole หมุนไปกับสะโพก: hip + hip_rotation · offset', 'the pole turns with the hip: hip + hip_rotation · offset')],
          [a.ret === 0, T('status POLE_OK (ไม่มี bone ยาวศูนย์)', 'status POLE_OK (no bone of zero length)')],
          [units, T('rotation ยาว 1 (unit quaternion)', 'unit quaternions')],
          [alongZ, T('แกน +Z ของแต่ละ bone ชี้ไปยัง joint ถัดไป', 'each bone\'s +Z points at its next joint')],
          [towardY, T('แกน +Y ตั้งฉากกับ bone และเอนไปทาง pole', 'each bone\'s +Y is square to it and leans toward the pole')]
        ];
      }
    };
  }

  /* ---- 07: the ground under each foot, and the weight's fade -------------
   * Seen from the side (+Z to the right). The left foot stands forward on
   * a patch whose height is dragged and slope slid; the right one back on
   * a patch whose far edge (a ledge) and height are dragged. The frames run
   * from the start weight, so the fade shows in the chart. */
  var FOOT07 = { thigh: 0.45, shin: 0.45, sole: 0.05, reachUp: 0.5, reachDown: 1.5, rate: 5, dt: 1 / 60 };
  function leg07(side) {
    var x = side ? 0.1 : -0.1, z = side ? -0.2 : 0.2, hip = [x, 0.9, 0], ankle = [x, 0.05, z];
    var d = sub(ankle, hip), D = len(d), dir = scale(d, 1 / D), h = Math.sqrt(FOOT07.thigh * FOOT07.thigh - D * D / 4);
    var knee = add(add(hip, scale(dir, D / 2)), scale([0, dir[2], -dir[1]], h));  /* bent forward (+Z) */
    return { hip: hip, knee: knee, ankle: ankle, pole: [x, 0.45, 1.0] };
  }
  function figure07() {
    var LEGS = [leg07(0), leg07(1)];
    function patches(s) {
      var sl = Math.tan(s.slope * Math.PI / 180);
      return [{ min: 0, max: 1, height: s.left - sl * 0.2, slope: sl }, { min: s.edge, max: 0, height: s.right, slope: 0 }];
    }
    /* the ground straight under a foot as terrain.h defines it, or null */
    function groundAt(s, z) {
      var ps = patches(s);
      for (var i = 0; i < ps.length; i++) if (z >= ps[i].min && z < ps[i].max) return ps[i];
      return null;
    }
    function legPts(a, f) { var b = 40 * f; return [v(a.out, b + 16), v(a.out, b + 19), v(a.out, b + 22)]; }
    return {
      title: T('Foot IK: ลากพื้นใต้เท้าซ้าย (สูง, เอียง) และขอบ ledge ใต้เท้าขวา', 'foot IK: drag the ground under the left foot (height, slope) and the ledge under the right'),
      note: T('มองจากด้านข้าง (+Z ไปทางขวา); ขาจาง: ท่าจาก animation; เส้นประจุด: ray ลงจากเหนือข้อเท้า; แผนภูมิ: weight ทีละ frame (ซ้ายเข้ม ขวาอ่อน)',
        'from the side (+Z to the right); faint legs: the animation; dotted: the rays down from above each ankle; the chart: the weight frame by frame (left dark, right light)'),
      scale: 265, origin: [280, 272], outFloats: 240,
      proj: sideProj,
      state: { left: 0.08, slope: 12, right: -0.1, edge: -0.6, frames: 30, start: 0 },
      handles: [
        { key: 'left', label: T('พื้นซ้าย', 'left ground'), pos: function (s) { return [0, s.left, 0.2]; },
          set: function (s, uv) { s.left = clamp(uv[1], -0.2, 0.35); } },
        { key: 'edge', label: T('ledge ขวา', 'right ledge'), cls: 'live-pole', pos: function (s) { return [0, s.right, s.edge]; },
          set: function (s, uv) { s.edge = clamp(uv[0], -0.95, -0.02); s.right = clamp(uv[1], -0.2, 0.35); } }
      ],
      sliders: [
        { key: 'slope', min: -30, max: 30, step: 1, label: T('ความชันใต้เท้าซ้าย (°)', 'left slope (°)') },
        { key: 'frames', min: 1, max: 60, step: 1, label: 'frames' },
        { key: 'start', min: 0, max: 1, step: 0.05, label: T('weight เริ่มต้น', 'start weight') }
      ],
      input: function (s) {
        var ps = patches(s), f = [s.frames, FOOT07.dt, s.start, FOOT07.rate];
        ps.forEach(function (p) { f.push(p.min, p.max, p.height, p.slope); });
        LEGS.forEach(function (l) {
          f = f.concat(l.hip, l.knee, l.ankle, [0, 0, 0, 1], l.pole, [FOOT07.thigh, FOOT07.shin, FOOT07.sole], [0, 1, 0]);
        });
        return f;
      },
      background: function (fig, layer, s) {
        patches(s).forEach(function (p) {
          fig.polyline(layer, [[0, p.height + p.slope * p.min, p.min], [0, p.height + p.slope * p.max, p.max]], 'live-ground');
        });
        fig.polyline(layer, [[0, s.right, s.edge], [0, -0.25, s.edge]], 'live-thin');
        LEGS.forEach(function (l, i) {
          fig.polyline(layer, [l.hip, l.knee, l.ankle, add(l.ankle, [0, 0, 0.14])], i ? 'live-thin live-far' : 'live-thin');
          var top = add(l.ankle, [0, FOOT07.reachUp, 0]);
          fig.polyline(layer, [top, add(top, [0, -FOOT07.reachDown, 0])], 'live-thin');
        });
        fig.label(layer, [0, 0.5, 0.2], T('ซ้าย', 'left'), 6, 0);
        fig.label(layer, [0, 0.5, -0.2], T('ขวา', 'right'), -32, 0);
      },
      draw: function (fig, layer, a) {
        for (var f = 0; f < 2; f++) {
          var p = legPts(a, f), foot = add(p[2], scale(rot(q(a.out, 40 * f + 25), [0, 0, 1]), 0.14));
          fig.polyline(layer, [p[0], p[1], p[2], foot], f ? 'live-far' : '');
          fig.dot(layer, p[1], 3);
          fig.dot(layer, v(a.out, 40 * f + 7), 2.5);
        }
      },
      extra: function (fig, a, ref, s) {
        var series = [];
        [[ref, 'live-ref-line', 'live-ref-line2'], [a, 'live-student-line', 'live-student-line2']].forEach(function (w) {
          if (!w[0]) return;
          for (var f = 0; f < 2; f++) {
            var pts = [[0, s.start]];
            for (var i = 0; i < s.frames; i++) pts.push([i + 1, w[0].out[100 + 2 * i + f]]);
            series.push({ pts: pts, cls: f ? w[2] : w[1] });
          }
        });
        fig.chart(T('weight ทีละ frame', 'weight per frame'), 0, 1, 60, series);
      },
      status: function (a) {
        var names = ['FOOT_IK_OK', 'FOOT_IK_NULL', 'FOOT_IK_BAD_SETTINGS', 'FOOT_IK_BAD_TIME_STEP', 'FOOT_IK_BAD_TERRAIN', 'FOOT_IK_BAD_LEG', 'FOOT_IK_BAD_MEMORY'];
        return (names[a.ret] || 'status ' + a.ret) + ', hip_drop = ' + fmt(a.out[80]) + ' m, weight = ' + fmt(a.out[14], 2) + ' / ' + fmt(a.out[54], 2) +
          ', grounded = ' + a.out[0] + ' / ' + a.out[40];
      },
      props: function (s, a) {
        var out = a.out, drop = out[80], grounded = true, onGround = true, fade = true, lengths = true, goal = true, tilt = true, deficits = [];
        for (var f = 0; f < 2; f++) {
          var b = 40 * f, l = LEGS[f], g = groundAt(s, l.ankle[2]), hitY = g ? g.height + g.slope * l.ankle[2] : NaN;
          var top = l.ankle[1] + FOOT07.reachUp, hits = g !== null && hitY <= top && hitY >= top - FOOT07.reachDown;
          if (out[b] !== (hits ? 1 : 0)) grounded = false;
          var target = v(out, b + 7), w = out[b + 14];
          if (hits && !near(target, [l.ankle[0], hitY + FOOT07.sole, l.ankle[2]], 1e-4)) onGround = false;
          /* the fade as the header promises it: never a jump (at most rate·dt
           * a frame), toward 1 over ground and 0 over none, at full speed
           * until it gets there, within 0..1 */
          var prev = s.start, step = FOOT07.rate * FOOT07.dt, goal1 = hits ? 1 : 0;
          for (var i = 0; i < s.frames; i++) {
            var wi = out[100 + 2 * i + f], moved = Math.abs(wi - prev);
            if (!(wi >= 0 && wi <= 1 && moved <= step + 1e-5 && Math.abs(goal1 - wi) <= Math.abs(goal1 - prev) &&
                  (wi === goal1 || Math.abs(moved - step) <= 1e-5))) fade = false;
            prev = wi;
          }
          deficits.push(w * Math.max(0, l.ankle[1] - target[1]));
          var p = legPts(a, f);
          if (!(finite([].concat(p[0], p[1], p[2])) && Math.abs(dist(p[0], p[1]) - FOOT07.thigh) <= 1e-4 && Math.abs(dist(p[1], p[2]) - FOOT07.shin) <= 1e-4)) lengths = false;
          var movedHip = sub(l.hip, [0, drop, 0]), aim = lerp(sub(l.ankle, [0, drop, 0]), target, w);
          if (len(sub(aim, movedHip)) <= FOOT07.thigh + FOOT07.shin - 1e-4 && !near(p[2], aim, 1e-3)) goal = false;
          if (hits && w === 1) {
            var n = unit([0, 1, -g.slope]), up = rot(q(out, b + 25), [0, 1, 0]);  /* terrain_patch_normal, slope_x 0 */
            if (!(angle(up, n) <= 1e-3)) tilt = false;
          }
        }
        var drops = finite(deficits) && Math.abs(drop - Math.max(deficits[0], deficits[1])) <= 1e-5 && Math.abs(out[15] - deficits[0]) <= 1e-5 &&
          Math.abs(out[55] - deficits[1]) <= 1e-5;
        return [
          [a.ret === 0 && out[81] === -1, T('foot_ik_step ตอบ FOOT_IK_OK ทุก frame', 'foot_ik_step returns FOOT_IK_OK every frame')],
          [grounded, T('grounded ตรงกับพื้นใต้เท้า (ตกขอบ ledge = ไม่มีพื้น)', 'grounded matches the ground under each foot (past the ledge: none)')],
          [onGround, T('target = จุดที่ ray ชน + foot_sole_offset', 'target = the ray\'s hit + foot_sole_offset')],
          [fade, T('weight เปลี่ยน rate·dt ต่อ frame: ขึ้นเมื่อมีพื้น ลงเมื่อไม่มี ใน 0..1', 'the weight moves rate·dt a frame, up over ground, down over none, within 0..1')],
          [drops, T('deficit = weight · max(0, ข้อเท้าเดิม − target); hip_drop = ตัวที่มากกว่า', 'deficit = weight · max(0, animated ankle − target); hip_drop the larger one')],
          [lengths, T('ต้นขาและหน้าแข้งยาวเท่าเดิม', 'thigh and shin keep their lengths')],
          [goal, T('ข้อเท้าถึง lerp(ข้อเท้าเดิมที่ลดลง hip_drop, target, weight)', 'the ankle reaches lerp(animated ankle lowered by hip_drop, target, weight)')],
          [tilt, T('weight = 1 บนพื้น: เท้าเอียงตามพื้น (+Y ของเท้า = normal)', 'weight 1 on ground: the foot lies on it (its +Y is the normal)')]
        ];
      }
    };
  }

  /* ---- 08: a look-at over spine, neck and head; a hand to a wall ---------- */
  var LOOK08 = { bones: [[0, 1.0, 0], [0, 1.42, 0.03], [0, 1.56, 0.05]], shares: [0.3, 0.5, 1.0] };
  var ARM08 = { shoulder: [0.2, 1.38, 0], elbow: [0.2, 1.1, -0.03], hand: [0.2, 0.84, 0.03], pole: [0.2, 1.1, -0.6], full: 0.45, zero: 0.85 };
  function figure08() {
    var upper = dist(ARM08.shoulder, ARM08.elbow), lower = dist(ARM08.elbow, ARM08.hand), n = LOOK08.bones.length;
    function pos(a, i) { return v(a.out, 3 * i); }
    function face(a, i) { return rot(q(a.out, 24 + 4 * i), [0, 0, 1]); }
    return {
      title: T('Look-at และ aim: ลาก target รอบหัว เลื่อน weight และลากจุดบนกำแพงให้มือ', 'look-at and aim: drag the target round the head, slide the weight, drag the hand\'s wall point'),
      note: T('มองจากด้านข้าง (+Z ไปทางขวา); ลูกศรที่แต่ละ bone: แกน +Z (ทิศที่หัน); วงจางรอบไหล่: full_weight_distance และ zero_weight_distance',
        'from the side (+Z to the right); the arrow at each bone: its +Z (where it faces); faint rings round the shoulder: full_weight_distance and zero_weight_distance'),
      scale: 160, origin: [200, 318], outFloats: 80,
      proj: sideProj, unproj: sideUnproj,
      state: { target: [0, 1.75, 0.9], weight: 0.7, wall: [0.2, 1.2, 0.55] },
      handles: [{ key: 'target', label: 'target' }, { key: 'wall', label: T('จุดบนกำแพง', 'wall point'), cls: 'live-pole' }],
      sliders: [{ key: 'weight', min: 0, max: 1, step: 0.05, label: 'weight' }],
      input: function (s) {
        var f = [n, s.weight].concat(s.target);
        LOOK08.bones.forEach(function (p, i) { f = f.concat(p, [0, 0, 0, 1], [LOOK08.shares[i]]); });
        while (f.length < 80) f.push(0);
        return f.concat(ARM08.shoulder, ARM08.elbow, ARM08.hand, ARM08.pole, s.wall, [upper, lower, ARM08.full, ARM08.zero]);
      },
      background: function (fig, layer, s) {
        fig.polyline(layer, [[0, 0, s.wall[2]], [0, 1.9, s.wall[2]]], 'live-ground');
        fig.polyline(layer, [[0, 0, -1], [0, 0, 1.8]], 'live-thin');
        fig.polyline(layer, LOOK08.bones, 'live-thin');
        fig.polyline(layer, [ARM08.shoulder, ARM08.elbow, ARM08.hand], 'live-thin');
        fig.ring(layer, ARM08.shoulder, ARM08.full);
        fig.ring(layer, ARM08.shoulder, ARM08.zero);
        fig.label(layer, [0, 1.9, s.wall[2]], T('กำแพง', 'wall'), 4, 0);
      },
      draw: function (fig, layer, a, s) {
        var pts = [];
        for (var i = 0; i < n; i++) pts.push(pos(a, i));
        fig.polyline(layer, pts);
        for (i = 0; i < n; i++) {
          fig.dot(layer, pts[i], 3);
          fig.polyline(layer, [pts[i], add(pts[i], scale(face(a, i), i === n - 1 ? 0.3 : 0.14))], 'live-thin');
        }
        /* the head's gaze, as long as the way to the target: on it when it faces it */
        fig.polyline(layer, [pts[n - 1], add(pts[n - 1], scale(face(a, n - 1), dist(s.target, pts[n - 1])))], 'live-thin live-far');
        fig.polyline(layer, [ARM08.shoulder, v(a.out, 64), v(a.out, 67)], 'live-far');
        fig.dot(layer, v(a.out, 61), 2.5);
      },
      status: function (a) {
        var names = ['AIM_OK', 'AIM_NO_DIRECTION', 'AIM_INVALID'];
        return 'look_at_solve: ' + (names[a.out[56]] || a.out[56]) + ', wall_reach_solve: ' + (names[a.out[70]] || a.out[70]) +
          ', reach weight = ' + fmt(a.out[60], 3);
      },
      props: function (s, a) {
        var out = a.out, joined = near(pos(a, 0), LOOK08.bones[0], 1e-5);
        for (var i = 0; i + 1 < n; i++)
          if (!(Math.abs(dist(pos(a, i), pos(a, i + 1)) - dist(LOOK08.bones[i], LOOK08.bones[i + 1])) <= 1e-4)) joined = false;
        var head = pos(a, n - 1), before = angle([0, 0, 1], sub(s.target, LOOK08.bones[n - 1])), after = angle(face(a, n - 1), sub(s.target, head));
        var turned;
        if (s.weight === 0) {
          var still = true;
          for (i = 0; i < n; i++) if (!near(pos(a, i), LOOK08.bones[i], 1e-6) || !near(face(a, i), [0, 0, 1], 1e-6)) still = false;
          turned = [still, T('weight = 0: ไม่มีอะไรขยับ', 'weight 0: nothing moves')];
        } else if (s.weight === 1) {
          var x = rot(q(out, 24 + 4 * (n - 1)), [1, 0, 0]);
          turned = [after <= 1e-3 && Math.abs(x[1]) <= 1e-3, T('weight = 1: หัวมอง target ตรง และ +X ขนานพื้น (ไม่ roll)', 'weight 1: the head faces the target exactly, +X level (no roll)')];
        } else {
          /* the head's own share is 1: it ends nearer the target than the animation had it */
          turned = [before < 1e-2 ? after <= before + 1e-4 : after < before - 1e-3,
            T('หัวหันเข้าหา target (มุมถึง target น้อยกว่าของ animation)', 'the head turns toward the target (less off than the animation)')];
        }
        var dwall = dist(s.wall, ARM08.shoulder), w = out[60], weightOk;
        if (dwall <= ARM08.full) weightOk = w === 1;
        else if (dwall >= ARM08.zero) weightOk = w === 0;
        else weightOk = w > 0 && w < 1;
        var goal = v(out, 61), elbow = v(out, 64), hand = v(out, 67);
        var goalOk = near(goal, lerp(ARM08.hand, s.wall, w), 1e-5);
        var armOk = finite(elbow) && finite(hand) && Math.abs(dist(ARM08.shoulder, elbow) - upper) <= 1e-4 && Math.abs(dist(elbow, hand) - lower) <= 1e-4 &&
          (dist(goal, ARM08.shoulder) > upper + lower - 1e-4 || near(hand, goal, 1e-4));
        return [
          [out[56] === 0, T('look_at_solve ตอบ AIM_OK', 'look_at_solve returns AIM_OK')],
          [joined, T('spine, neck, head ยังต่อกันยาวเท่าเดิม และ bone แรกไม่ขยับ', 'spine, neck and head stay joined at their lengths, the first one in place')],
          turned,
          [out[70] === 0, T('wall_reach_solve ตอบ AIM_OK', 'wall_reach_solve returns AIM_OK')],
          [weightOk, T('weight ของมือ: 1 ใกล้กว่า full, 0 ไกลกว่า zero, ระหว่างนั้นอยู่ใน (0, 1)', 'the hand\'s weight: 1 within full, 0 beyond zero, between them inside (0, 1)')],
          [goalOk, T('goal = lerp(มือเดิม, จุดบนกำแพง, weight)', 'goal = lerp(animated hand, wall point, weight)')],
          [armOk, T('แขนยาวเท่าเดิม และมือถึง goal เมื่อเอื้อมถึง', 'the arm keeps its lengths and the hand reaches the goal when it can')]
        ];
      }
    };
  }

  /* ---- 09: the CMU clip scrubbed, and a character fed its deltas --------
   * Seen from above (+Z up the page). The clip's root track comes from the
   * trusted glue (the workbook's data as loaded); the sample, the heading
   * and the character's walk are the student's. */
  var CLIP09 = 1300;
  function figure09() {
    function clipPt(out, i) { return [out[CLIP09 + 2 * i], 0, out[CLIP09 + 2 * i + 1]]; }
    function clipAt(out, t) {
      var ft = out[12], nf = out[13], k = clamp(Math.floor(t / ft), 0, nf - 2), f = clamp(t / ft - k, 0, 1);
      return lerp(clipPt(out, k), clipPt(out, k + 1), f);
    }
    function clipData(fig) {
      var s = fig.answers.student, r = fig.answers.ref;
      if (s && s.out && s.out[14] === 0) return s.out;
      if (r && r.out && r.out[14] === 0) return r.out;
      return null;
    }
    function top(p) { return [p[0], 0, p[1]]; }
    return {
      title: T('Root motion: เลื่อนเวลาบน clip ของ CMU และลากจุดเริ่มของตัวละคร (มองจากด้านบน, +Z ไปทางขวา)',
        'root motion: scrub the CMU clip\'s time and drag where the character starts (seen from above, +Z to the right)'),
      note: T('เส้นจาง: root ของ clip ทุก frame (ข้อมูลใน checker/data/mocap/); จุดและลูกศร: rm_sample และ rm_heading ของคุณที่เวลานั้น; ' +
        'เส้นของคุณ: ตัวละครที่รับ rm_delta_between → rm_apply ทุก step ตั้งแต่ 0 ถึงเวลานั้น',
        'faint: the clip\'s root every frame (the data in checker/data/mocap/); dot and arrow: your rm_sample and rm_heading at that time; ' +
        'your line: a character fed rm_delta_between → rm_apply every step from 0 to that time'),
      scale: 155, origin: [365, 225], outFloats: 3300,
      /* from above: +Z to the right, +X up the page */
      proj: function (p) { return [p[2], p[0]]; },
      /* 30 steps a second: the reference validates the whole clip on every
       * call, so 60 would double each drag's answer time for the same path */
      state: { time: 5.5, hz: 30, turn: 0, start: null },
      handles: [{ key: 'start', label: T('จุดเริ่มของตัวละคร', 'character start'),
        pos: function (s, fig) { var d = clipData(fig); return s.start || (d ? clipPt(d, 0) : null); },
        set: function (s, uv) { s.start = [uv[1], 0, uv[0]]; } }],
      sliders: [
        { key: 'time', min: 0, max: 8.27, step: 0.01, label: T('เวลา (s)', 'time (s)') },
        { key: 'hz', min: 10, max: 144, step: 1, label: T('step ต่อวินาที', 'steps per second') },
        { key: 'turn', min: -180, max: 180, step: 5, label: T('หันตัวละครเพิ่ม (°)', 'extra turn (°)') }
      ],
      input: function (s) { return [s.time, s.hz, s.start ? s.start[0] : NaN, s.start ? s.start[2] : NaN, s.turn * Math.PI / 180]; },
      background: function (fig, layer) {
        var d = clipData(fig);
        if (!d) return;
        /* the clip does not change while the page is open: its path is
         * drawn once, then only put back (a drag redraws on every answer) */
        if (!this.clipNode || this.clipStamp !== fig.stamp) {
          var g = el('g', {}), pts = [];
          for (var i = 0; i < d[13]; i++) pts.push(clipPt(d, i));
          fig.polyline(g, pts);
          for (var t = 0; t <= (d[13] - 1) * d[12]; t += 1) {
            fig.dot(g, clipAt(d, t), 2.5);
            fig.label(g, clipAt(d, t), t + ' s', 5, 4);
          }
          this.clipNode = g;
          this.clipStamp = fig.stamp;
        }
        layer.appendChild(this.clipNode);
      },
      draw: function (fig, layer, a) {
        var out = a.out, n = out[10], pts = [];
        for (var k = 0; k <= n; k++) pts.push(top([out[20 + 2 * k], out[21 + 2 * k]]));
        fig.polyline(layer, pts);
        var end = pts[pts.length - 1];
        fig.dot(layer, end, 3);
        fig.polyline(layer, [end, add(end, [0.35 * Math.sin(out[15]), 0, 0.35 * Math.cos(out[15])])], 'live-thin');
        var p = v(out, 0);
        fig.ring(layer, p, 0.06);
        fig.polyline(layer, [p, add(p, [0.3 * Math.sin(out[8]), 0, 0.3 * Math.cos(out[8])])], 'live-thin');
      },
      status: function (a) {
        if (a.out[14] !== 0) return T('โหลด clip ไม่ได้', 'the clip did not load') + ' (' + a.out[14] + ')';
        var names = ['RM_OK', 'RM_ERR_NULL', 'RM_ERR_FRAME_COUNT', 'RM_ERR_FRAME_TIME', 'RM_ERR_NOT_FINITE', 'RM_ERR_TIME'];
        return 'rm_sample: ' + (names[a.ret] || a.ret) + ', position = (' + fmt(a.out[0]) + ', ' + fmt(a.out[1]) + ', ' + fmt(a.out[2]) +
          '), heading = ' + deg(a.out[8]) + ', ' + a.out[10] + ' steps';
      },
      props: function (s, a) {
        var out = a.out;
        if (out[14] !== 0) return [[false, T('โหลด clip ได้', 'the clip loads')]];
        var p = v(out, 0), want = clipAt(out, s.time), r = q(out, 3), h = out[8];
        var n = out[10], c0 = top([out[20], out[21]]), p0 = clipPt(out, 0), shape = n >= 1;
        for (var k = 1; k <= n; k++) {
          var tk = k === n ? s.time : k / s.hz, ck = top([out[20 + 2 * k], out[21 + 2 * k]]);
          if (!(Math.abs(dist(ck, c0) - dist(clipAt(out, tk), p0)) <= 5e-3)) { shape = false; break; }
        }
        var props = [
          [a.ret === 0, T('rm_sample ตอบ RM_OK', 'rm_sample returns RM_OK')],
          [finite(p) && Math.abs(p[0] - want[0]) <= 1e-4 && Math.abs(p[2] - want[2]) <= 1e-4,
            T('rm_sample อยู่บนเส้นทางของ root: lerp ระหว่างสอง frame รอบเวลานั้น', 'rm_sample lies on the root\'s track, lerped between the two frames round the time')],
          [finite(r) && Math.abs(qlen(r) - 1) <= 1e-4 && h > -Math.PI && h <= Math.PI,
            T('rotation ยาว 1 และ heading อยู่ใน (−π, π]', 'a unit rotation, and a heading within (−π, π]')],
          [out[11] === 0, T('rm_delta_between และ rm_apply ตอบ RM_OK ทุก step', 'rm_delta_between and rm_apply return RM_OK every step')],
          [shape, T('ตัวละครที่รับ delta ทุก step เดินเป็นรูปเดียวกับ clip (ระยะจากจุดเริ่มตรงกันทุก step)', 'the character fed every delta walks the clip\'s shape (its distance from the start matches at every step)')]
        ];
        if (!s.start && s.turn === 0)
          props.push([n >= 1 && near(top([out[20 + 2 * n], out[21 + 2 * n]]), [want[0], 0, want[2]], 5e-3),
            T('เริ่มบน root ของ clip (หันตาม rm_heading ของ frame 0) แล้วจบบน root ของ clip', 'started on the clip\'s root (facing frame 0\'s rm_heading), it ends on the clip\'s root')]);
        return props;
      }
    };
  }

  /* ---- 10: the clip's motion through a controller: boxes, a step, a ramp -- */
  var CTRL10 = { radius: 0.4, slope: 45 * Math.PI / 180, step: 0.3, speed: 1.4, dt: 1 / 60, wall: 5.4 };
  function figure10() {
    function walk(a) {
      var pts = [];
      for (var i = 0; i <= a.out[11]; i++) pts.push([0, a.out[101 + 3 * i], a.out[100 + 3 * i]]);
      return pts;
    }
    function boxes(fig) {
      var s = fig.answers.student, r = fig.answers.ref, d = s && s.out && s.out[14] > 0 ? s.out : r && r.out ? r.out : null;
      return d;
    }
    return {
      title: T('Root motion ผ่าน controller: ลาก motion ผ่านขั้นบันได ทางลาด และกำแพง', 'root motion through a controller: drag the motion over the step, the ramp and the wall'),
      note: T('มองจากด้านข้าง (+Z ไปทางขวา); วงเทา: จุดเริ่ม; เส้นประจุด: motion ที่ลาก; เส้นของคุณ: ctrl_slide ครั้งเดียว และการเดินของ ctrl_root_motion_frame ทีละ frame (1.4 m/s)',
        'from the side (+Z to the right); grey ring: the start; dotted: the dragged motion; yours: one ctrl_slide, and the walk of ctrl_root_motion_frame frame by frame (1.4 m/s)'),
      scale: 76, origin: [90, 262], outFloats: 840,
      proj: sideProj, unproj: sideUnproj,
      state: { start: [0, 0.45, 0.2], goal: [0, 0.45, 1.9], frames: 180 },
      handles: [{ key: 'start', label: 'start' }, { key: 'goal', label: 'start + motion', cls: 'live-pole' }],
      sliders: [{ key: 'frames', min: 0, max: 240, step: 1, label: T('frame ที่เดิน', 'walk frames') }],
      input: function (s) {
        return s.start.concat(s.goal, [s.frames, CTRL10.dt, CTRL10.speed, CTRL10.radius, CTRL10.slope, CTRL10.step]);
      },
      background: function (fig, layer, s) {
        var d = boxes(fig);
        if (d) for (var i = 0; i < d[14]; i++) {
          var pts = [];
          for (var c = 0; c < 4; c++) pts.push(fig.px([0, d[21 + 8 * i + 2 * c], d[20 + 8 * i + 2 * c]]).join(','));
          el('polygon', { points: pts.join(' '), class: 'live-box' }, layer);
        }
        fig.ring(layer, s.start, CTRL10.radius);
        fig.polyline(layer, [s.start, s.goal], 'live-thin');
      },
      draw: function (fig, layer, a) {
        fig.ring(layer, v(a.out, 0), CTRL10.radius);
        var w = walk(a);
        fig.polyline(layer, w, 'live-thin');
        if (w.length > 1) fig.ring(layer, w[w.length - 1], CTRL10.radius, 'live-ring live-far');
      },
      status: function (a) {
        var names = ['CTRL_OK', 'CTRL_ERR_NULL', 'CTRL_ERR_WORLD', 'CTRL_ERR_SETTINGS', 'CTRL_ERR_NOT_FINITE', 'CTRL_ERR_TOO_FAR', 'CTRL_ERR_TIME'];
        return 'ctrl_slide: ' + (names[a.ret] || a.ret) + ', end = (' + fmt(a.out[2]) + ', ' + fmt(a.out[1]) + ')' +
          (a.out[3] === 1 ? ' hit_ground' : '') + (a.out[4] === 1 ? ' hit_wall' : '') + (a.out[5] === 1 ? ' hit_ceiling' : '') +
          '; walk: ' + (names[a.out[10]] || a.out[10]) + ', ' + a.out[11] + ' frames';
      },
      props: function (s, a) {
        var out = a.out, end = v(out, 0), w = walk(a), wallOk = true, pace = true;
        for (var i = 1; i < w.length; i++) {
          if (!(w[i][2] <= CTRL10.wall - CTRL10.radius + 1e-3)) wallOk = false;
          if (!(w[i][2] - w[i - 1][2] <= CTRL10.speed * CTRL10.dt + 1e-5)) pace = false;
        }
        var props = [
          [a.ret === 0, T('ctrl_slide ตอบ CTRL_OK', 'ctrl_slide returns CTRL_OK')],
          [finite(end) && out[7] <= 1e-4, T('ทรงกลมจบโดยไม่จมในกล่องใด (ctrl_penetration ≤ CTRL_PENETRATION_SLOP)', 'the sphere ends in no box (ctrl_penetration ≤ CTRL_PENETRATION_SLOP)')]
        ];
        if (out[9] === 1) props.push([near(end, s.goal, 1e-4), T('ทางโล่ง: จบที่ start + motion พอดี', 'a clear way: it ends exactly at start + motion')]);
        else if (out[8] <= 0) props.push([near(end, s.goal, 1e-4) || out[3] === 1 || out[4] === 1 || out[5] === 1,
          T('มีสิ่งกีดขวาง: hit_ground, hit_wall หรือ hit_ceiling บอกไว้', 'something in the way: hit_ground, hit_wall or hit_ceiling says so')]);
        if (s.frames > 0) props.push(
          [out[10] === 0 && out[11] === s.frames, T('ctrl_root_motion_frame ตอบ CTRL_OK ทุก frame', 'ctrl_root_motion_frame returns CTRL_OK every frame')],
          [out[12] <= 1e-4, T('ทุก frame ของการเดินไม่จมในกล่อง', 'every frame of the walk ends in no box')],
          [wallOk, T('ไม่ทะลุกำแพง', 'never through the wall')],
          [pace && w.length > 1 && w[w.length - 1][2] > w[0][2] + 0.5, T('เดินไปข้างหน้า ไม่ไกลกว่า delta ของ clip ต่อ frame', 'it walks ahead, never further than the clip\'s delta a frame')]);
        return props;
      }
    };
  }

  var FIGURES = {
    '02_law_of_cosines': function () { return {
      title: T('สามเหลี่ยมของแขน: ลาก target เปลี่ยน D', 'the arm\'s triangle: drag the target to change D'),
      scale: 220, origin: [60, 220],
      state: { target: [0.9, 0, 0], L1: 0.6, L2: 0.5 },
      handles: [{ key: 'target', label: 'target (D)', axis: 'x' }],
      sliders: [{ key: 'L1', min: 0.1, max: 1.0, step: 0.01, label: 'L1' }, { key: 'L2', min: 0.1, max: 1.0, step: 0.01, label: 'L2' }],
      input: function (s) { return [s.L1, s.L2, Math.abs(s.target[0])]; },
      arm: function (s, a) {
        var sh = a.out[1], C = a.out[0], elbow = [s.L1 * Math.cos(sh), s.L1 * Math.sin(sh), 0], h = sh + Math.PI + C;
        return [[0, 0, 0], elbow, [elbow[0] + s.L2 * Math.cos(h), elbow[1] + s.L2 * Math.sin(h), 0]];
      },
      background: function (fig, layer, s) { fig.polyline(layer, [[0, 0, 0], [Math.abs(s.target[0]), 0, 0]], 'live-rest'); },
      draw: function (fig, layer, a, s) {
        var p = this.arm(s, a);
        fig.polyline(layer, p);
        p.forEach(function (q) { fig.dot(layer, q, 3); });
      },
      status: function (a) {
        return 'interior = ' + deg(a.out[0]) + ', shoulder = ' + deg(a.out[1]) + ', bend = ' + deg(a.out[2]);
      },
      props: function (s, a) {
        var D = Math.abs(s.target[0]), inside = D >= Math.abs(s.L1 - s.L2) && D <= s.L1 + s.L2;
        var C = a.out[0], sh = a.out[1], B = a.out[2], tol = 2e-3;
        var ranged = [C, sh, B].every(function (x) { return x >= 0 && x <= Math.PI + 1e-6; });
        var hand = this.arm(s, a)[2], target;
        if (inside) target = [T('มือถึง target', 'the hand lands on the target'), dist(hand, [D, 0, 0]) <= 2e-3 * (s.L1 + s.L2)];
        else if (D > s.L1 + s.L2) target = [T('ไกลเกิน: แขนเหยียดตรง interior = π, shoulder = 0', 'out of reach: straight arm, interior π, shoulder 0'),
          Math.abs(C - Math.PI) <= tol && Math.abs(sh) <= tol];
        else target = [T('ใกล้เกิน: แขนพับ interior = 0', 'too close: folded arm, interior 0'), Math.abs(C) <= tol];
        return [
          [ranged, T('ทุกมุมอยู่ใน [0, π]', 'every angle in [0, π]')],
          [Math.abs(B - (Math.PI - C)) <= 1e-4, T('bend = π − interior', 'bend = π − interior')],
          [target[1], target[0]]
        ];
      }
    }; },
    '03_two_bone': function () { return {
      title: T('แขนสองท่อน: ลาก target และ pole', 'two-bone limb: drag the target and the pole'),
      scale: 200, origin: [90, 170],
      state: { target: [0.75, -0.35, 0], pole: [0.45, 0.55, 0] },
      handles: [{ key: 'target', label: 'target' }, { key: 'pole', label: 'pole', cls: 'live-pole' }],
      sliders: [],
      input: function (s) { return [0, 0, 0].concat(s.target, s.pole, [REACH03.L1, REACH03.L2]); },
      draw: function (fig, layer, a) {
        var p = [[0, 0, 0], v(a.out, 0), v(a.out, 3)];
        fig.polyline(layer, p);
        p.forEach(function (q) { fig.dot(layer, q, 3); });
      },
      background: function (fig, layer, s) { fig.polyline(layer, [[0, 0, 0], s.target], 'live-rest'); },
      status: function (a) {
        return (['TWO_BONE_REACHED', 'TWO_BONE_TOO_FAR', 'TWO_BONE_TOO_CLOSE', 'TWO_BONE_INVALID'][a.ret] || 'status ' + a.ret) +
          ', mid = (' + fmt(a.out[0]) + ', ' + fmt(a.out[1]) + '), tip = (' + fmt(a.out[3]) + ', ' + fmt(a.out[4]) + ')';
      },
      props: function (s, a) {
        var L1 = REACH03.L1, L2 = REACH03.L2, reach = L1 + L2, root = [0, 0, 0], mid = v(a.out, 0), tip = v(a.out, 3);
        var D = len(s.target), tol = 1e-4 * reach, ok = finite(mid) && finite(tip);
        var lengths = ok && Math.abs(dist(root, mid) - L1) <= tol && Math.abs(dist(mid, tip) - L2) <= tol;
        var dir = [s.target[0] / D, s.target[1] / D, 0];
        function offLine(p) { return Math.abs(p[0] * dir[1] - p[1] * dir[0]) + Math.abs(p[2]); }
        var where, status;
        if (D > reach) {
          where = [ok && dist(tip, [dir[0] * reach, dir[1] * reach, 0]) <= 1e-3 * reach,
            T('ไกลเกิน: แขนเหยียดตรงไปทาง target', 'out of reach: the arm straight toward the target')];
          status = a.ret === 1;
        } else if (D < Math.abs(L1 - L2)) {
          where = [ok && offLine(mid) <= 0.01 * reach && offLine(tip) <= 0.01 * reach,
            T('ใกล้เกิน: แขนพับบนเส้น root→target', 'too close: folded on the root→target line')];
          status = a.ret === 2;
        } else {
          where = [ok && dist(tip, s.target) <= tol, T('ปลาย (tip) อยู่บน target', 'the tip is on the target')];
          status = a.ret === 0;
        }
        var side = s.target[0] * s.pole[1] - s.target[1] * s.pole[0];
        var bend = s.target[0] * mid[1] - s.target[1] * mid[0];
        var props = [
          [lengths, T('ท่อนบนยาว L1 และท่อนล่างยาว L2', 'upper bone L1, lower bone L2')],
          where,
          [status, T('status ตรงกับระยะ D', 'the status matches the distance D')]
        ];
        if (D <= reach && D >= Math.abs(L1 - L2) + 1e-3 && Math.abs(side) > 1e-3)
          props.push([ok && side * bend > 0, T('ข้อศอกงอไปทาง pole', 'the elbow bends toward the pole')]);
        return props;
      }
    }; },
    '05_ccd': function () { return chainFigure(T('CCD: ลาก target และเลื่อนจำนวนรอบ', 'CCD: drag the target, slide the pass count'),
      T('เส้นจางคือท่าเริ่ม; แผนภูมิขวาคือ error ต่อรอบ', 'faint line: the start pose; the chart: error per pass')); },
    '06_fabrik': function () { return chainFigure(T('FABRIK: ลาก target และเลื่อนจำนวนรอบ', 'FABRIK: drag the target, slide the pass count'),
      T('เส้นจางคือท่าเริ่ม; แผนภูมิขวาคือ error ต่อรอบ', 'faint line: the start pose; the chart: error per pass')); },
    '04_pole_vector': figure04,
    '07_foot_ik': figure07,
    '08_aim_ik': figure08,
    '09_root_motion': figure09,
    '10_controller_sync': figure10
  };

  /* ---- a figure on the page -------------------------------------------- */
  var W = 560, H = 330;
  function Figure(host, slug) {
    this.host = host; this.slug = slug; this.def = null; this.stamp = null;
    this.answers = { student: null, ref: null }; this.solvers = {}; this.drawn = 0; this.exact = null;
  }
  /* def.proj (optional) turns a point of the world into the page's plane
   * (metres, +y up); def.unproj turns a dragged point back. */
  Figure.prototype.px = function (p) {
    var q2 = this.def.proj ? this.def.proj(p) : p;
    return [this.def.origin[0] + q2[0] * this.def.scale, this.def.origin[1] - q2[1] * this.def.scale];
  };
  Figure.prototype.plane = function (x, y) { return [(x - this.def.origin[0]) / this.def.scale, (this.def.origin[1] - y) / this.def.scale]; };
  Figure.prototype.world = function (x, y) { var uv = this.plane(x, y); return [uv[0], uv[1], 0]; };
  Figure.prototype.polyline = function (layer, pts, cls) {
    var self = this;
    var good = pts.every(finite);
    if (!good) return;
    el('polyline', { points: pts.map(function (p) { return self.px(p).join(','); }).join(' '), class: cls || '' }, layer);
  };
  Figure.prototype.dot = function (layer, p, r) {
    if (!finite(p)) return;
    var q = this.px(p);
    el('circle', { cx: q[0], cy: q[1], r: r }, layer);
  };
  Figure.prototype.errorChart = function (a, ref, at) {
    /* error per pass, log scale, in the figure's right corner */
    var g = el('g', { class: 'live-chart' }, this.layers.extra), x0 = W - 170, y0 = 20, w = 150, h = 90;
    el('rect', { x: x0, y: y0, width: w, height: h }, g);
    var t = el('text', { x: x0 + 4, y: y0 + h + 14 }, g);
    t.textContent = T('error ต่อรอบ (log)', 'error per pass (log)');
    function line(ans, cls) {
      if (!ans || !ans.out) return;
      var n = Math.min(ans.out[1], 30), pts = [];
      for (var i = 0; i < n; i++) {
        var e = ans.out[at + i];
        if (!(e > 0)) e = 1e-7;
        var ly = Math.max(-7, Math.min(1, Math.log10(e)));
        pts.push((x0 + 5 + i * (w - 10) / 29) + ',' + (y0 + 5 + (1 - ly) / 8 * (h - 10)));
      }
      if (pts.length) el('polyline', { points: pts.join(' '), class: cls }, g);
    }
    line(ref, 'live-ref-line');
    line(a, 'live-student-line');
  };
  /* A small chart in the figure's right corner: series of [x, y] points
   * (the reference's solid, the student's dashed), y within lo..hi. */
  Figure.prototype.chart = function (title, lo, hi, xmax, series) {
    var g = el('g', { class: 'live-chart' }, this.layers.extra), x0 = W - 170, y0 = 20, w = 150, h = 90;
    el('rect', { x: x0, y: y0, width: w, height: h }, g);
    var t = el('text', { x: x0 + w, y: y0 + h + 14, 'text-anchor': 'end' }, g);
    t.textContent = title;
    series.forEach(function (s) {
      var pts = s.pts.filter(function (p) { return isFinite(p[0]) && isFinite(p[1]); }).map(function (p) {
        return (x0 + 5 + clamp(p[0] / xmax, 0, 1) * (w - 10)) + ',' + (y0 + 5 + (1 - clamp((p[1] - lo) / (hi - lo), 0, 1)) * (h - 10));
      });
      if (pts.length) el('polyline', { points: pts.join(' '), class: s.cls }, g);
    });
  };
  Figure.prototype.ring = function (layer, p, r, cls) {
    if (!finite(p)) return;
    var c = this.px(p);
    el('circle', { cx: c[0], cy: c[1], r: r * this.def.scale, class: cls || 'live-ring' }, layer);
  };
  Figure.prototype.label = function (layer, p, text, dx, dy) {
    if (!finite(p)) return;
    var c = this.px(p), t = el('text', { x: c[0] + (dx || 0), y: c[1] + (dy || 0), class: 'live-label' }, layer);
    t.textContent = text;
  };
  Figure.prototype.build = function (data) {
    var def = this.def, self = this, host = this.host;
    host.textContent = '';
    host.classList.add('live-ready');
    html('p', 'live-title', host, def.title);
    var svg = this.svg = el('svg', { viewBox: '0 0 ' + W + ' ' + H, width: W, height: H, class: 'live-svg' }, host);
    this.layers = {
      back: el('g', { class: 'live-back' }, svg), ref: el('g', { class: 'live-ref' }, svg),
      student: el('g', { class: 'live-student' }, svg), extra: el('g', {}, svg), handles: el('g', { class: 'live-handles' }, svg)
    };
    def.handles.forEach(function (h) {
      var c = el('circle', { r: 9, class: 'live-handle ' + (h.cls || ''), 'data-handle': h.key }, self.layers.handles);
      var t = el('text', { class: 'live-handle-label' }, self.layers.handles);
      t.textContent = h.label;
      h.node = c; h.text = t;
      c.addEventListener('pointerdown', function (e) {
        c.setPointerCapture(e.pointerId);
        e.preventDefault();
        var move = function (ev) {
          var m = svg.getScreenCTM().inverse(), pt = svg.createSVGPoint();
          pt.x = ev.clientX; pt.y = ev.clientY;
          var q = pt.matrixTransform(m);
          if (h.set) h.set(def.stateRef, self.plane(q.x, q.y), self);
          else if (def.unproj) def.stateRef[h.key] = def.unproj(self.plane(q.x, q.y), def.stateRef[h.key]);
          else {
            var w = self.world(q.x, q.y);
            if (h.axis === 'x') w[1] = 0;
            def.stateRef[h.key] = w;
          }
          self.solve();
        };
        var up = function () { c.removeEventListener('pointermove', move); c.removeEventListener('pointerup', up); };
        c.addEventListener('pointermove', move);
        c.addEventListener('pointerup', up);
      });
    });
    var controls = html('div', 'live-controls', host);
    def.sliders.forEach(function (s) {
      var label = html('label', '', controls, s.label + ' ');
      var input = html('input', '', label);
      input.type = 'range'; input.min = s.min; input.max = s.max; input.step = s.step; input.value = def.stateRef[s.key];
      input.setAttribute('data-slider', s.key);
      var shown = html('span', 'live-value', label, ' ' + (s.show ? s.show(def.stateRef[s.key]) : def.stateRef[s.key]));
      input.addEventListener('input', function () {
        def.stateRef[s.key] = parseFloat(input.value);
        shown.textContent = ' ' + (s.show ? s.show(def.stateRef[s.key]) : input.value);
        self.solve();
      });
    });
    var legend = html('p', 'live-legend', host);
    legend.textContent = data.ref
      ? T('เส้นประ: โค้ดของคุณ (' + data.tree + '/' + this.slug + '); เส้นทึบ: เฉลย', 'dashed: your code (' + data.tree + '/' + this.slug + '); solid: the reference')
      : T('เส้นประ: โค้ดของคุณ (' + data.tree + '/' + this.slug + ')', 'dashed: your code (' + data.tree + '/' + this.slug + ')');
    if (def.note) html('p', 'live-note', host, def.note);
    this.statusNode = html('p', 'live-status', host);
    this.errorNode = html('pre', 'live-error', host);
    this.propsNode = html('ul', 'live-props', host);
    html('p', 'live-honest', host, T('รูปนี้ไม่ใช่คำตัดสิน: ใน wasm การอ่าน NULL ไม่ล้ม และรูปลองแค่ท่าที่คุณลาก — ผู้ตัดสินคือ make check',
      'this figure is no verdict: in wasm a NULL dereference does not crash, and the figure tries only the poses you drag; the checker (make check) is the judge'));
  };
  Figure.prototype.load = function (data) {
    if (data.stamp === this.stamp) return;
    this.stamp = data.stamp;
    lang = data.lang === 'en' ? 'en' : 'th';
    if (!this.def) {
      this.def = FIGURES[this.slug]();
      this.def.stateRef = JSON.parse(JSON.stringify(this.def.state));
    }
    for (var k in this.solvers) if (this.solvers[k].worker) this.solvers[k].worker.terminate();
    this.solvers = {}; this.answers = { student: null, ref: null }; this.exact = null;
    this.gen = 0; this.backKey = null; this.reported = false;
    this.data = data;
    this.build(data);
    var self = this;
    ['student', 'ref'].forEach(function (which) {
      var part = data[which];
      if (!part || !part.wasm) return;
      var bytes = Uint8Array.from(atob(part.wasm), function (c) { return c.charCodeAt(0); });
      self.solvers[which] = new Solver(which, bytes, part.memoryCap, function (a) { self.answers[which] = a; self.redraw(which); });
    });
    if (data.student.error) this.errorNode.textContent = T('คอมไพล์ไม่ผ่าน', 'does not compile') + ':\n' + data.student.error;
    if (data.ref && data.ref.error) this.errorNode.textContent += '\nreference: ' + data.ref.error;
    this.solve();
  };
  Figure.prototype.solve = function () {
    var input = new Float32Array(IN_FLOATS), f = this.def.input(this.def.stateRef);
    input.set(f);
    this.gen++;
    for (var k in this.solvers) this.solvers[k].call(0, input, this.def.outFloats || OUT_FLOATS);
    /* only the handles follow the mouse now; the answers redraw the rest */
    if (this.drawn) this.placeHandles(); else this.redraw();
  };
  Figure.prototype.placeHandles = function () {
    var s = this.def.stateRef, self = this;
    this.def.handles.forEach(function (h) {
      var p = h.pos ? h.pos(s, self) : s[h.key];
      if (!p || !finite(p)) { h.node.setAttribute('cx', -100); h.text.setAttribute('x', -100); return; }
      var q = self.px(p);
      h.node.setAttribute('cx', q[0]); h.node.setAttribute('cy', q[1]);
      h.text.setAttribute('x', q[0] + 12); h.text.setAttribute('y', q[1] - 10);
    });
  };
  Figure.prototype.sameAnswer = function () {
    var s = this.answers.student, r = this.answers.ref;
    if (!s || !r || !s.out || !r.out || s.ret !== r.ret) return false;
    var a = new Uint32Array(s.out.buffer), b = new Uint32Array(r.out.buffer);
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  /* which: the solver that answered ('student' or 'ref'): only its layer
   * is drawn again, the background only when the handles moved (or the
   * first answer brought the data it draws), the properties only for the
   * student's answer. Without which, everything. */
  Figure.prototype.redraw = function (which) {
    var def = this.def, s = def.stateRef, L = this.layers;
    var st = this.answers.student, rf = this.answers.ref;
    var backKey = this.gen + ((st && st.out) || (rf && rf.out) ? '+' : '-');
    if (backKey !== this.backKey) {
      L.back.textContent = '';
      if (def.background) def.background(this, L.back, s);
      this.backKey = backKey;
    }
    if (which !== 'student') {
      L.ref.textContent = '';
      if (rf && rf.out) def.draw(this, L.ref, rf, s);
    }
    if (which !== 'ref') {
      L.student.textContent = '';
      if (st && st.out) def.draw(this, L.student, st, s);
    }
    L.extra.textContent = '';
    if (def.extra) def.extra(this, st && st.out ? st : null, rf && rf.out ? rf : null, s);
    this.placeHandles();
    this.exact = this.sameAnswer();
    if (which !== 'ref' || !this.reported) {
      this.report(st);
      this.reported = true;
    }
    this.drawn++;
  };
  Figure.prototype.report = function (a) {
    var msg = '', props = [], def = this.def, self = this;
    if (this.data.student.error) msg = T('ไม่มีรูปของคุณจนกว่าจะคอมไพล์ผ่าน', 'no drawing of yours until it compiles');
    else if (!a) msg = T('กำลังคำนวณ…', 'solving…');
    else if (a.timeout) msg = T('หยุดโค้ดของคุณแล้ว: ไม่ตอบภายใน ' + WATCHDOG_MS + ' ms — loop ที่ไม่จบ?',
      'your code was stopped: no answer within ' + WATCHDOG_MS + ' ms - a loop that never ends?');
    else if (a.trap) msg = T('โค้ดของคุณหยุดกลางทาง (trap): ', 'your code stopped midway (trap): ') + a.trap +
      T(' — abort(), exit(), recursion ไม่จบ หรืออ่านนอกหน่วยความจำ', ' - abort(), exit(), endless recursion or a read outside memory');
    else {
      msg = def.status(a, def.stateRef);
      props = def.props(def.stateRef, a);
    }
    /* a leak is said for as long as the page is open: the answer that
     * crossed the limit is soon followed by a clean one */
    var student = this.solvers.student;
    if (student && student.leaks) msg += ' — ' + T('หน่วยความจำโตถึง ', 'memory grew to ') + Math.round(student.leakBytes / 1048576) +
      ' MB (leak?): ' + T('เริ่มโค้ดของคุณใหม่แล้ว ' + student.leaks + ' ครั้ง', 'your code was started again ' + student.leaks + ' times');
    if (a && a.printed) msg += ' — ' + T('พิมพ์ออกมา', 'printed') + ': ' + JSON.stringify(a.printed.slice(0, 200));
    this.statusNode.textContent = msg;
    this.statusNode.className = 'live-status' + (a && (a.timeout || a.trap) ? ' live-stopped' : '');
    this.propsNode.textContent = '';
    props.forEach(function (p) {
      html('li', p[0] ? 'ok' : 'bad', self.propsNode, (p[0] ? '✓ ' : '✗ ') + p[1]);
    });
  };
  Figure.prototype.idle = function () {
    for (var k in this.solvers) if (!this.solvers[k].idle()) return false;
    return true;
  };

  /* ---- loading live/<slug>.js, and again whenever make live rewrote it -- */
  var figures = {};
  /* The poll loads live/<slug>.stamp.js (one short line) and the solver's
   * file only when its stamp changed: a drag never waits behind parsing a
   * file that did not change. */
  function inject(slug, first, stampOnly) {
    var s = document.createElement('script');
    s.src = 'live/' + slug + (stampOnly ? '.stamp.js' : '.js') + (first ? '' : '?v=' + Date.now());
    s.onload = function () { s.remove(); };
    s.onerror = function () {
      s.remove();
      if (first && !stampOnly) figures[slug].host.textContent = T('ยังไม่ได้สร้างรูปสด: make live', 'the live figure is not built yet: make live');
    };
    document.head.appendChild(s);
  }
  window.LIVE_STAMP = function (data) {
    var f = figures[data.slug];
    if (f && data.stamp !== f.stamp) inject(data.slug, false);
  };
  window.LIVE_LOADED = function (data) {
    var f = figures[data.slug];
    if (f && FIGURES[data.slug]) f.load(data);
  };
  function start() {
    var style = document.createElement('style');
    style.textContent = CSS;
    document.head.appendChild(style);
    Array.prototype.forEach.call(document.querySelectorAll('.live-figure[data-section]'), function (host) {
      var slug = host.getAttribute('data-section');
      if (!FIGURES[slug]) return;
      figures[slug] = new Figure(host, slug);
      inject(slug, true);
    });
    if (Object.keys(figures).length && !/[?&]nopoll\b/.test(location.search))
      setInterval(function () { for (var slug in figures) inject(slug, false, true); }, POLL_MS);
  }
  var CSS = [
    '.live-figure { border: 1px solid #ccc; padding: 0.5em; margin: 1em 0; background: #fcfcfc; }',
    '.live-svg { max-width: 100%; height: auto; background: #fff; touch-action: none; }',
    '.live-svg polyline { fill: none; stroke-width: 3; }',
    '.live-back polyline { stroke: #bbb; stroke-dasharray: 2 4; stroke-width: 1.5; }',
    '.live-ref polyline { stroke: #0072B2; } .live-ref circle { fill: #0072B2; }',
    '.live-student polyline { stroke: #D55E00; stroke-dasharray: 8 5; } .live-student circle { fill: #D55E00; }',
    '.live-handle { fill: rgba(0,158,115,0.35); stroke: #009E73; stroke-width: 2; cursor: grab; }',
    '.live-handle.live-pole { fill: rgba(204,121,167,0.35); stroke: #CC79A7; }',
    '.live-handle-label, .live-chart text { font-size: 12px; fill: #333; }',
    '.live-chart rect { fill: #f6f6f6; stroke: #ccc; } .live-chart polyline { stroke-width: 2; }',
    '.live-chart .live-ref-line { stroke: #0072B2; } .live-chart .live-student-line { stroke: #D55E00; stroke-dasharray: 5 3; }',
    '.live-title { font-weight: bold; margin: 0 0 0.3em; } .live-legend, .live-note, .live-honest { font-size: 0.85em; color: #555; margin: 0.2em 0; }',
    '.live-status { font-family: monospace; font-size: 0.85em; margin: 0.3em 0; } .live-stopped { color: #b00; font-weight: bold; }',
    '.live-error:empty { display: none; } .live-error { background: #fff0f0; border: 1px solid #e99; padding: 0.4em; white-space: pre-wrap; font-size: 0.8em; }',
    '.live-props { list-style: none; padding-left: 0; margin: 0.3em 0; } .live-props .ok { color: #060; } .live-props .bad { color: #b00; }',
    '.live-controls label { margin-right: 1em; }',
    '.live-svg .live-ring { fill: none; stroke-width: 2; } .live-back .live-ring { stroke: #bbb; stroke-dasharray: 2 4; }',
    '.live-ref .live-ring { stroke: #0072B2; } .live-student .live-ring { stroke: #D55E00; stroke-dasharray: 6 4; }',
    '.live-back .live-ground { stroke: #777; stroke-width: 4; stroke-dasharray: none; }',
    '.live-back .live-box { stroke: #888; fill: #eee; stroke-width: 1.5; stroke-dasharray: none; }',
    '.live-back circle { fill: #999; } .live-label { font-size: 11px; fill: #555; }',
    '.live-svg .live-far { opacity: 0.45; } .live-svg .live-thin { stroke-width: 1.5; }',
    '.live-chart .live-ref-line2 { stroke: #56B4E9; } .live-chart .live-student-line2 { stroke: #E69F00; stroke-dasharray: 5 3; }'
  ].join('\n');

  /* For make test-live and make bench-live: the figures, whether each is
   * waiting, and the round trips measured here. */
  window.LIVE = {
    figures: figures,
    idle: function () { for (var s in figures) if (!figures[s].idle()) return false; return true; },
    times: function (slug, which, solveOnly) {
      var f = figures[slug], s = f && f.solvers[which];
      return s ? (solveOnly ? s.solveTimes : s.times).slice() : [];
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
