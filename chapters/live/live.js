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
  var POLL_MS = 1000;
  var MEMORY_LIMIT = 64 * 1024 * 1024;
  var IN_FLOATS = 256;
  var OUT_FLOATS = 512;
  var SVG = 'http://www.w3.org/2000/svg';
  var lang = 'th';

  /* Thai with the English term in parentheses; LANG=en builds English only. */
  function T(th, en) { return lang === 'en' ? en : th + ' (' + en + ')'; }

  /* ---- the Worker: runs one wasm solver --------------------------------
   * Written as a function so it is real code here, sent as its source. */
  function workerMain() {
    var mod = null, inst = null, printed = '', memoryLimit = 0;
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
      if (m.wasm) { mod = new WebAssembly.Module(m.wasm); memoryLimit = m.memoryLimit; return; }
      printed = '';
      var answer = { id: m.id };
      try {
        if (!inst) fresh();
        var mem = inst.exports.memory;
        new Float32Array(mem.buffer, inst.exports.live_in(), m.inFloats).set(m.input);
        answer.ret = inst.exports.live_run(m.op);
        answer.out = new Float32Array(inst.exports.memory.buffer, inst.exports.live_out(), m.outFloats).slice();
        if (inst.exports.memory.buffer.byteLength > memoryLimit) {
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
  function Solver(name, bytes, onAnswer) {
    this.name = name; this.bytes = bytes; this.onAnswer = onAnswer;
    this.worker = null; this.busy = false; this.pending = null; this.id = 0;
    this.times = []; this.timeouts = 0;
  }
  Solver.prototype.start = function () {
    var self = this;
    this.worker = newWorker();
    this.worker.onmessage = function (e) { self.answered(e.data); };
    this.worker.onerror = function (e) {
      e.preventDefault();
      self.answered({ id: self.id, trap: String(e.message || 'worker error') });
    };
    this.worker.postMessage({ wasm: this.bytes, memoryLimit: MEMORY_LIMIT });
  };
  /* The latest request wins: while one is in flight, newer drags replace
   * the waiting one, so a slow solver never builds a queue. */
  Solver.prototype.call = function (op, input) {
    this.pending = { op: op, input: input };
    if (!this.busy) this.send();
  };
  Solver.prototype.send = function () {
    var self = this, req = this.pending;
    this.pending = null;
    if (!this.worker) this.start();
    this.busy = true;
    this.id++;
    this.t0 = performance.now();
    this.timer = setTimeout(function () { self.watchdog(); }, WATCHDOG_MS);
    this.worker.postMessage({ id: this.id, op: req.op, input: req.input, inFloats: IN_FLOATS, outFloats: OUT_FLOATS });
  };
  Solver.prototype.answered = function (a) {
    if (!this.busy || a.id !== this.id) return;
    clearTimeout(this.timer);
    this.busy = false;
    this.onAnswer(a);
    /* the round trip: request sent, answer drawn */
    this.times.push(performance.now() - this.t0);
    if (this.times.length > 5000) this.times.shift();
    if (this.pending) this.send();
  };
  Solver.prototype.watchdog = function () {
    this.worker.terminate();
    this.worker = null;
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
      T('เส้นจางคือท่าเริ่ม; แผนภูมิขวาคือ error ต่อรอบ', 'faint line: the start pose; the chart: error per pass')); }
  };

  /* ---- a figure on the page -------------------------------------------- */
  var W = 560, H = 330;
  function Figure(host, slug) {
    this.host = host; this.slug = slug; this.def = null; this.stamp = null;
    this.answers = { student: null, ref: null }; this.solvers = {}; this.drawn = 0; this.exact = null;
  }
  Figure.prototype.px = function (p) { return [this.def.origin[0] + p[0] * this.def.scale, this.def.origin[1] - p[1] * this.def.scale]; };
  Figure.prototype.world = function (x, y) { return [(x - this.def.origin[0]) / this.def.scale, (this.def.origin[1] - y) / this.def.scale, 0]; };
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
          var q = pt.matrixTransform(m), w = self.world(q.x, q.y);
          if (h.axis === 'x') w[1] = 0;
          def.stateRef[h.key] = w;
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
      var shown = html('span', 'live-value', label, ' ' + def.stateRef[s.key]);
      input.addEventListener('input', function () {
        def.stateRef[s.key] = parseFloat(input.value);
        shown.textContent = ' ' + input.value;
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
    this.data = data;
    this.build(data);
    var self = this;
    ['student', 'ref'].forEach(function (which) {
      var part = data[which];
      if (!part || !part.wasm) return;
      var bytes = Uint8Array.from(atob(part.wasm), function (c) { return c.charCodeAt(0); });
      self.solvers[which] = new Solver(which, bytes, function (a) { self.answers[which] = a; self.redraw(); });
    });
    if (data.student.error) this.errorNode.textContent = T('คอมไพล์ไม่ผ่าน', 'does not compile') + ':\n' + data.student.error;
    if (data.ref && data.ref.error) this.errorNode.textContent += '\nreference: ' + data.ref.error;
    this.solve();
  };
  Figure.prototype.solve = function () {
    var input = new Float32Array(IN_FLOATS), f = this.def.input(this.def.stateRef);
    input.set(f);
    for (var k in this.solvers) this.solvers[k].call(0, input);
    /* only the handles follow the mouse now; the answers redraw the rest */
    if (this.drawn) this.placeHandles(); else this.redraw();
  };
  Figure.prototype.placeHandles = function () {
    var s = this.def.stateRef, self = this;
    this.def.handles.forEach(function (h) {
      var q = self.px(s[h.key]);
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
  Figure.prototype.redraw = function () {
    var def = this.def, s = def.stateRef, L = this.layers;
    ['back', 'ref', 'student', 'extra'].forEach(function (k) { L[k].textContent = ''; });
    if (def.background) def.background(this, L.back, s);
    var st = this.answers.student, rf = this.answers.ref;
    if (rf && rf.out) def.draw(this, L.ref, rf, s);
    if (st && st.out) def.draw(this, L.student, st, s);
    if (def.extra) def.extra(this, st && st.out ? st : null, rf && rf.out ? rf : null);
    this.placeHandles();
    this.exact = this.sameAnswer();
    this.report(st);
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
      msg = def.status(a);
      props = def.props(def.stateRef, a);
    }
    if (a && a.memory) msg += ' — ' + T('หน่วยความจำโตถึง ', 'memory grew to ') + Math.round(a.memory / 1048576) + ' MB (leak?)';
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
  function inject(slug, first) {
    var s = document.createElement('script');
    s.src = 'live/' + slug + '.js' + (first ? '' : '?v=' + Date.now());
    s.onload = function () { s.remove(); };
    s.onerror = function () {
      s.remove();
      if (first) figures[slug].host.textContent = T('ยังไม่ได้สร้างรูปสด: make live', 'the live figure is not built yet: make live');
    };
    document.head.appendChild(s);
  }
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
      setInterval(function () { for (var slug in figures) inject(slug, false); }, POLL_MS);
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
    '.live-controls label { margin-right: 1em; }'
  ].join('\n');

  /* For make test-live and make bench-live: the figures, whether each is
   * waiting, and the round trips measured here. */
  window.LIVE = {
    figures: figures,
    idle: function () { for (var s in figures) if (!figures[s].idle()) return false; return true; },
    times: function (slug, which) { var f = figures[slug], s = f && f.solvers[which]; return s ? s.times.slice() : []; }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
