// planview's offline viewer: the page's script (a classic script, so that the page works
// from file://). The rendering runs in a Worker started from a blob: URL of the source that
// planview-engine.js holds (web/build_web.mjs), so the page stays responsive whatever the
// input; nothing is fetched or sent.
//
// Contract (web/README.md): #plan-input and #schemas-input (a change of either renders
// again); #plan-output's textContent is exactly what `planview FILE --schemas S --color
// never` prints once it carries data-state="done" (data-status="0"). Folding, filters and
// search only hide parts with CSS: textContent stays the whole render. On a failure
// data-state="error", data-status the CLI's exit status, and textContent the message(s)
// the CLI writes to standard error.
"use strict";
(function () {
  var $ = function (id) {
    return document.getElementById(id);
  };
  var planInput = $("plan-input");
  var schemasInput = $("schemas-input");
  var out = $("plan-output");
  var messagesEl = $("plan-messages");
  var statusText = $("status-text");
  var statusBar = $("status-bar");
  var cancelButton = $("cancel-render");
  var toolbar = $("toolbar");
  var side = $("side");
  var summaryEl = $("plan-summary");
  var tableBody = document.querySelector("#resource-table tbody");
  var actionFilters = $("action-filters");
  var addressFilter = $("address-filter");
  var searchInput = $("search");
  var searchCount = $("search-count");
  var filterCount = $("filter-count");
  var markdownOut = $("markdown-output");

  // Larger files are refused with a message: wasm32 has 4 GiB, and the worker holds the
  // input, its parse and the output at once (a 100 MB plan grows the heap to ~0.5 GiB).
  var MAX_FILE_BYTES = 256 * 1024 * 1024;
  // At most this many matches are highlighted (all are counted).
  var MAX_HIGHLIGHTS = 5000;
  // Over this many characters of render, the filters wait for a pause in the typing.
  var DEBOUNCE_CHARS = 1024 * 1024;
  // Rows of the resource table.
  var MAX_TABLE_ROWS = 500;

  // ---------------------------------------------------------------- the render worker
  var engineUrl = null;
  var worker = null;
  var nextId = 1;
  var pending = new Map(); // id -> { resolve, reject }
  var busySince = 0; // when the worker was last given work while idle
  var workerReady = false; // its module compiled (before, a render waits for the compile)
  var compiledModule = null; // kept from the first worker: a restarted one need not compile
  var RESTART_AFTER_MS = 1500;

  function startWorker() {
    if (typeof self.PLANVIEW_ENGINE_SOURCE !== "string") {
      throw new Error("planview-engine.js is missing or broken: assemble the page with web/build_web.sh");
    }
    if (engineUrl === null) {
      engineUrl = URL.createObjectURL(new Blob([self.PLANVIEW_ENGINE_SOURCE], { type: "text/javascript" }));
    }
    worker = new Worker(engineUrl);
    workerReady = false;
    worker.onmessage = onWorkerMessage;
    worker.postMessage({ type: "start", module: compiledModule });
    worker.onerror = function (event) {
      event.preventDefault();
      failAll("the render worker failed: " + (event.message || "unknown error"));
    };
  }

  function failAll(message) {
    var waiting = Array.from(pending.values());
    pending.clear();
    waiting.forEach(function (p) {
      p.reject(new Error(message));
    });
    if (waiting.length === 0) showStatus("planview: " + message, true);
  }

  function restartWorker(reason) {
    if (worker !== null) worker.terminate();
    worker = null;
    failAll(reason);
    startWorker();
  }

  function onWorkerMessage(event) {
    var msg = event.data;
    if (msg.type === "ready") {
      $("version").textContent = msg.version;
      if (msg.module instanceof WebAssembly.Module) compiledModule = msg.module;
      workerReady = true;
      busySince = performance.now(); // compiling is not rendering
      return;
    }
    if (msg.type === "fatal") {
      showStatus("planview: cannot start the renderer: " + msg.message, true);
      return;
    }
    var p = pending.get(msg.id);
    if (!p) return; // a reply to a cancelled request
    pending.delete(msg.id);
    busySince = performance.now(); // the worker takes the next request now
    if (msg.type === "failed") p.reject(new Error(msg.message));
    else if (msg.type === "dropped") p.reject(new Error("replaced by a newer render"));
    else p.resolve(msg);
  }

  function call(type, input, schemas) {
    if (worker === null) startWorker();
    var id = nextId++;
    return new Promise(function (resolve, reject) {
      if (pending.size === 0) busySince = performance.now();
      pending.set(id, { resolve: resolve, reject: reject });
      // Transferred, not copied: a copy of a large file stalls the page for seconds.
      var transfer = schemas ? [input, schemas] : [input];
      worker.postMessage({ id: id, type: type, input: input, schemas: schemas, options: currentOptions() }, transfer);
    });
  }

  function currentOptions() {
    return {
      product: $("opt-product").value,
      verbose: $("opt-verbose").checked,
      showSensitive: $("opt-show-sensitive").checked,
    };
  }

  // ---------------------------------------------------------------- status line
  function showStatus(text, isError) {
    statusText.textContent = text;
    statusBar.classList.toggle("error", Boolean(isError));
  }

  function sizeText(n) {
    if (n < 1024) return n + " bytes";
    if (n < 1024 * 1024) return (n / 1024).toFixed(1) + " KiB";
    return (n / 1024 / 1024).toFixed(1) + " MiB";
  }

  // ---------------------------------------------------------------- reading the files
  async function readFile(file, what) {
    if (file.size > MAX_FILE_BYTES) {
      throw new Error(forMessage(file.name) + ": " + sizeText(file.size) + " is more than this page renders (" +
        sizeText(MAX_FILE_BYTES) + "); use the planview command line");
    }
    try {
      return await file.arrayBuffer();
    } catch (error) {
      throw new Error("cannot read the " + what + " " + forMessage(file.name) + ": " + error.message);
    }
  }

  // The library names its inputs <stdin> and <schemas> in messages; the page names the
  // files, as `planview NAME --schemas SCHEMAS` run next to them does.
  function nameFiles(messages, planFile, schemasFile) {
    var text = messages.replace(/^planview: <stdin>:/gm, function () {
      return "planview: " + (planFile ? forMessage(planFile.name) : "<stdin>") + ":";
    });
    return text.replace(/^planview: <schemas>:/gm, function () {
      return "planview: " + (schemasFile ? forMessage(schemasFile.name) : "<schemas>") + ":";
    });
  }

  // A file name as the CLI's messages show it (cmd/console.h, ForMessage): as it is, or
  // quoted as Go's %q quotes it when that would escape anything (a quote, a backslash, a
  // control character, a character Go does not count printable: only letters, marks,
  // numbers, punctuation, symbols and the ASCII space are).
  var GO_PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
  var GO_ESCAPES = { 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r", 34: '\\"', 92: "\\\\" };
  function forMessage(name) {
    var quoted = "";
    var escaped = false;
    for (var ch of name) {
      var c = ch.codePointAt(0);
      var hex = c.toString(16);
      if (GO_ESCAPES[c]) quoted += GO_ESCAPES[c];
      else if ((c >= 0x20 && c < 0x7f) || (c >= 0x80 && GO_PRINTABLE.test(ch))) {
        quoted += ch;
        continue;
      } else if (c < 0x20 || c === 0x7f) quoted += "\\x" + hex.padStart(2, "0");
      else if (c < 0x10000) quoted += "\\u" + hex.padStart(4, "0");
      else quoted += "\\U" + hex.padStart(8, "0");
      escaped = true;
    }
    return escaped ? '"' + quoted + '"' : name;
  }

  // ---------------------------------------------------------------- rendering
  var generation = 0;
  var view = null; // the current render: { text, changes, blocks, segs, runs, matches, ... }
  var files = { plan: null, schemas: null }; // the File objects rendered (read again for the Markdown)
  var chosen = { plan: null, schemas: null }; // the inputs' File objects when last rendered

  function setOutputState(state, status) {
    out.dataset.state = state;
    if (status === undefined) delete out.dataset.status;
    else out.dataset.status = String(status);
  }

  function resetView() {
    view = null;
    if (observer !== null) observer.disconnect();
    observer = null;
    out.replaceChildren();
    messagesEl.hidden = true;
    messagesEl.textContent = "";
    toolbar.hidden = true;
    side.hidden = true;
    summaryEl.textContent = "";
    tableBody.replaceChildren();
    markdownOut.value = "";
    markdownOut.dataset.state = "empty";
    if (window.CSS && CSS.highlights) CSS.highlights.clear();
  }

  function showError(message, status) {
    // One line per message, as the CLI writes them to standard error.
    var text = message.endsWith("\n") ? message : message + "\n";
    out.textContent = text;
    setOutputState("error", status);
    showStatus(text.trim().split("\n")[0], true);
  }

  // Renders the chosen files again (a change of either input, of an option, or a drop).
  // The state switches synchronously, so a reader that saw "done" before the change never
  // sees it again for the old render.
  function renderNow() {
    var gen = ++generation;
    var planFile = (planInput.files && planInput.files[0]) || null;
    var schemasFile = (schemasInput.files && schemasInput.files[0]) || null;
    chosen.plan = planFile;
    chosen.schemas = schemasFile;
    // A render still running for a while (a huge or hostile input) is stopped; a short one
    // finishes and its result is dropped (restarting would compile the module again).
    if (pending.size > 0 && workerReady && performance.now() - busySince > RESTART_AFTER_MS) restartWorker("cancelled: a newer render replaced it");
    resetView();
    if (!planFile) {
      files.plan = null;
      setOutputState("empty");
      showStatus("Open a file to render it.", false);
      cancelButton.hidden = true;
      return Promise.resolve();
    }
    setOutputState("rendering");
    showStatus("Rendering " + planFile.name + " (" + sizeText(planFile.size) + ")" +
      (schemasFile ? " with " + schemasFile.name : "") + "…", false);
    cancelButton.hidden = false;
    return renderFiles(gen, planFile, schemasFile).finally(function () {
      if (gen === generation) cancelButton.hidden = true;
    });
  }

  async function renderFiles(gen, planFile, schemasFile) {
    var reply;
    try {
      var input = await readFile(planFile, "file");
      var schemas = schemasFile ? await readFile(schemasFile, "schemas") : null;
      if (gen !== generation) return;
      files.plan = planFile;
      files.schemas = schemasFile || null;
      reply = await call("render", input, schemas);
    } catch (error) {
      if (gen !== generation) return;
      showError("planview: " + error.message, 1);
      return;
    }
    if (gen !== generation) return;
    if (reply.status !== 0 && reply.status !== 3) {
      showError(nameFiles(reply.messages, planFile, schemasFile) ||
        "planview: the render failed (exit status " + reply.status + ")", reply.status);
      return;
    }
    try {
      showRender(reply);
    } catch (error) {
      showError("planview: cannot show the render: " + error.message, 1);
      return;
    }
    setOutputState("done", reply.status);
    var n = view.blocks.length;
    showStatus(planFile.name + ": rendered in " + reply.ms + " ms, " + sizeText(reply.output.length) +
      (n ? ", " + n + " resource" + (n === 1 ? "" : "s") : "") + (reply.runs ? "" : " (without colour)"), false);
  }

  // ---------------------------------------------------------------- the output's DOM
  // The render is a sequence of blocks of whole lines: .seg (text between resources) and
  // .res (one resource change of renderChanges' model: .res-head its first line, .res-body
  // the rest of its diff, .res-tail the blank line after it), laid out by the browser only
  // near the screen (content-visibility, viewer.css). Each block starts as plain text; its
  // colour spans (the worker's style runs, render_model.js) are made when it comes near
  // the screen. The text is the same either way: textContent never changes.
  var EAGER_CHARS = 200000; // coloured at once: the first screenfuls
  // Text between resources (all of a state's or a log's render) is cut into blocks of at
  // most this many lines, so that the browser lays out only those near the screen: one
  // block of megabytes takes seconds to lay out, and anything that asks for the layout
  // (a scroll, a visibility check) waits for it.
  var SEG_LINES = 400;
  var observer = null;

  function showRender(reply) {
    var text = reply.output;
    var runs = reply.runs || null;
    var changes = reply.changes || [];
    var blocks = (reply.blocks || []).map(function (b) {
      return { index: b.index, change: changes[b.index], start: b.start, headEnd: b.headEnd, end: b.end, tailEnd: b.tailEnd, el: null };
    });
    var segs = [];
    var frag = document.createDocumentFragment();
    function span(parent, cls, from, to) {
      var el = document.createElement("span");
      el.className = cls;
      if (from < to) el.textContent = text.slice(from, to);
      parent.appendChild(el);
      return el;
    }
    // Blocks of whole lines over [from, to), each sized for its lines until it is laid out.
    function addSegs(from, to) {
      while (from < to) {
        var end = from;
        var lines = 0;
        while (end < to && lines < SEG_LINES) {
          var nl = text.indexOf("\n", end);
          end = nl < 0 || nl >= to ? to : nl + 1;
          lines++;
        }
        var el = span(frag, "seg", from, end);
        el.style.containIntrinsicSize = "auto " + (lines * 1.35).toFixed(2) + "em";
        segs.push({ el: el, start: from, end: end, block: null });
        from = end;
      }
    }
    var pos = 0;
    blocks.forEach(function (b, n) {
      if (pos < b.start) addSegs(pos, b.start);
      var el = document.createElement("span");
      el.className = "res";
      el.dataset.index = String(n);
      el.dataset.action = b.change.action;
      el.dataset.address = b.change.address;
      var head = span(el, "res-head", b.start, b.headEnd);
      head.tabIndex = 0;
      head.setAttribute("role", "button");
      head.setAttribute("aria-expanded", "true");
      span(el, "res-body", b.headEnd, b.end);
      span(el, "res-tail", b.end, b.tailEnd);
      frag.appendChild(el);
      b.el = el;
      segs.push({ el: el, start: b.start, end: b.tailEnd, block: b });
      pos = b.tailEnd;
    });
    if (pos < text.length) addSegs(pos, text.length);
    out.replaceChildren(frag);

    view = { text: text, changes: changes, blocks: blocks, segs: segs, runs: runs, matches: [], visible: [], current: -1 };
    if (observer !== null) observer.disconnect();
    observer = null;
    if (runs !== null) {
      observer = new IntersectionObserver(onNearScreen, { rootMargin: "1500px 0px" });
      segs.forEach(function (seg, n) {
        if (seg.start < EAGER_CHARS) colorize(seg);
        else {
          seg.el.dataset.seg = String(n);
          observer.observe(seg.el);
        }
      });
    }

    if (reply.messages) {
      messagesEl.textContent = nameFiles(reply.messages, planInput.files[0], schemasInput.files[0]);
      messagesEl.hidden = false;
    }
    buildFilters(blocks);
    buildTable(blocks);
    summaryEl.textContent = reply.summary || "";
    side.hidden = blocks.length === 0 && !reply.summary;
    toolbar.hidden = false;
    applyView();
  }

  function onNearScreen(entries) {
    if (view === null) return;
    var changed = false;
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      var seg = view.segs[Number(entry.target.dataset.seg)];
      if (seg && seg.el === entry.target) {
        colorize(seg);
        changed = true;
      }
      observer.unobserve(entry.target);
    });
    if (changed && view.matches.length > 0) highlight(); // the ranges pointed into replaced text
  }

  // Replaces a block's plain text by its coloured spans (the same characters).
  function colorize(seg) {
    if (seg.colored || view.runs === null) return;
    seg.colored = true;
    var b = seg.block;
    if (b === null) {
      fill(seg.el, seg.start, seg.end);
    } else {
      fill(seg.el.children[0], b.start, b.headEnd);
      fill(seg.el.children[1], b.headEnd, b.end);
      fill(seg.el.children[2], b.end, b.tailEnd);
    }
  }

  function fill(parent, from, to) {
    var runs = view.runs;
    var text = view.text;
    var frag = document.createDocumentFragment();
    // The first run that ends after `from`.
    var lo = 0;
    var hi = runs.ends.length - 1;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (runs.ends[mid] <= from) lo = mid + 1;
      else hi = mid;
    }
    for (var k = lo, pos = from; pos < to; k++) {
      var end = Math.min(runs.ends[k], to);
      if (end <= pos) continue;
      var node = document.createTextNode(text.slice(pos, end));
      var cls = runs.names[runs.classes[k]];
      if (cls) {
        var el = document.createElement("span");
        el.className = cls;
        el.appendChild(node);
        frag.appendChild(el);
      } else {
        frag.appendChild(node);
      }
      pos = end;
    }
    parent.replaceChildren(frag);
  }

  // ---------------------------------------------------------------- filters and search
  function buildFilters(blocks) {
    var counts = new Map();
    blocks.forEach(function (b) {
      counts.set(b.change.action, (counts.get(b.change.action) || 0) + 1);
    });
    var legend = actionFilters.querySelector("legend");
    actionFilters.replaceChildren(legend);
    counts.forEach(function (count, action) {
      var label = document.createElement("label");
      var box = document.createElement("input");
      box.type = "checkbox";
      box.checked = true;
      box.value = action;
      box.dataset.action = action;
      box.addEventListener("change", applyView);
      label.append(box, " " + action + " (" + count + ")");
      actionFilters.appendChild(label);
    });
    actionFilters.hidden = counts.size === 0;
  }

  function buildTable(blocks) {
    // A long table costs the page more than the render (every filter change lays it out
    // again): the first rows, then how many more.
    var rows = blocks.slice(0, MAX_TABLE_ROWS).map(function (b, n) {
      var tr = document.createElement("tr");
      tr.dataset.index = String(n);
      var action = document.createElement("td");
      action.textContent = b.change.action + (b.change.deposed ? " (deposed)" : "");
      var address = document.createElement("td");
      address.className = "address";
      address.textContent = b.change.address;
      if (b.change.previousAddress) address.title = "moved from " + b.change.previousAddress;
      tr.append(action, address);
      return tr;
    });
    if (blocks.length > MAX_TABLE_ROWS) {
      var more = document.createElement("tr");
      var cell = document.createElement("td");
      cell.colSpan = 2;
      cell.className = "muted";
      cell.textContent = "… and " + (blocks.length - MAX_TABLE_ROWS) + " more (the filters above narrow the render)";
      more.appendChild(cell);
      rows.push(more);
    }
    tableBody.replaceChildren.apply(tableBody, rows);
  }

  // An address filter: with * or ?, a glob over the whole address (or its type); without,
  // a case-insensitive substring.
  function addressMatcher(pattern) {
    if (pattern === "") return null;
    if (/[*?]/.test(pattern)) {
      var re = new RegExp("^" + pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".") + "$");
      return function (c) {
        var type = c.address.replace(/^(module\.[^.]+(\[[^\]]*\])?\.)*(data\.)?/, "").split(".")[0];
        return re.test(c.address) || re.test(type) || (c.previousAddress !== "" && re.test(c.previousAddress));
      };
    }
    var needle = pattern.toLowerCase();
    return function (c) {
      return c.address.toLowerCase().includes(needle) || c.previousAddress.toLowerCase().includes(needle);
    };
  }

  function findMatches(text, query) {
    var matches = [];
    if (query === "") return matches;
    var re = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
    var m;
    while ((m = re.exec(text)) !== null && matches.length < 100000) {
      matches.push(m.index, m.index + m[0].length);
    }
    return matches;
  }

  // Index of the first match starting at or after `pos` (matches: flat [start, end, ...]).
  function firstMatchFrom(matches, pos) {
    var lo = 0;
    var hi = matches.length / 2;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (matches[2 * mid] < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function applyView() {
    if (view === null) return;
    var allowed = new Set();
    var boxes = actionFilters.querySelectorAll("input[type=checkbox]");
    var allChecked = true;
    boxes.forEach(function (box) {
      if (box.checked) allowed.add(box.value);
      else allChecked = false;
    });
    var match = addressMatcher(addressFilter.value.trim());
    var query = searchInput.value;
    view.matches = findMatches(view.text, query);
    var shown = 0;
    view.blocks.forEach(function (b, n) {
      var visible = allowed.has(b.change.action) && (match === null || match(b.change));
      if (visible && query !== "") {
        var k = firstMatchFrom(view.matches, b.start);
        visible = 2 * k < view.matches.length && view.matches[2 * k] < b.end;
      }
      b.el.classList.toggle("filtered-out", !visible);
      if (n < MAX_TABLE_ROWS) tableBody.children[n].classList.toggle("hidden-row", !visible);
      if (visible) shown++;
    });
    var filtered = !allChecked || match !== null || query !== "";
    out.dataset.filtered = filtered ? "true" : "false";
    filterCount.textContent = filtered ? shown + " of " + view.blocks.length + " resources shown" : "";
    view.current = -1;
    highlight();
  }

  function visibleMatches() {
    var list = [];
    var m = view.matches;
    var b = 0;
    for (var k = 0; k < m.length; k += 2) {
      while (b < view.blocks.length && view.blocks[b].tailEnd <= m[k]) b++;
      var block = b < view.blocks.length && view.blocks[b].start <= m[k] ? view.blocks[b] : null;
      if (block && block.el.classList.contains("filtered-out")) continue;
      list.push(k);
    }
    return list;
  }

  // The DOM position of text offset `pos`: the block holding it, then its text nodes.
  function domPosition(pos) {
    var segs = view.segs;
    var lo = 0;
    var hi = segs.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (segs[mid].start <= pos) lo = mid;
      else hi = mid - 1;
    }
    var seg = segs[lo];
    var walker = document.createTreeWalker(seg.el, NodeFilter.SHOW_TEXT);
    var at = seg.start;
    var last = null;
    for (var node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      var len = node.data.length;
      if (pos <= at + len) return [node, pos - at];
      at += len;
      last = node;
    }
    return last === null ? [seg.el, 0] : [last, last.data.length];
  }

  // A DOM Range over text offsets [from, to) of the render.
  function rangeOf(from, to) {
    var range = document.createRange();
    var s = domPosition(from);
    var e = domPosition(to);
    range.setStart(s[0], s[1]);
    range.setEnd(e[0], e[1]);
    return range;
  }

  function highlight() {
    var list = visibleMatches();
    view.visible = list;
    var total = view.matches.length / 2;
    if (searchInput.value === "") searchCount.textContent = "";
    else if (list.length === 0) searchCount.textContent = "no match";
    else {
      searchCount.textContent = (view.current >= 0 ? view.current + 1 + " of " : "") + list.length +
        " match" + (list.length === 1 ? "" : "es") + (total >= 100000 ? " (first 100000)" : "");
    }
    if (!(window.CSS && CSS.highlights && window.Highlight)) return;
    var ranges = [];
    for (var n = 0; n < list.length && n < MAX_HIGHLIGHTS; n++) {
      ranges.push(rangeOf(view.matches[list[n]], view.matches[list[n] + 1]));
    }
    CSS.highlights.set("pv-search", new Highlight(...ranges));
    if (view.current >= 0 && view.current < list.length) {
      var k = list[view.current];
      CSS.highlights.set("pv-current", new Highlight(rangeOf(view.matches[k], view.matches[k + 1])));
    } else {
      CSS.highlights.delete("pv-current");
    }
  }

  function stepMatch(delta) {
    if (view === null || !view.visible || view.visible.length === 0) return;
    var count = view.visible.length;
    view.current = view.current < 0 ? (delta > 0 ? 0 : count - 1) : (view.current + delta + count) % count;
    var k = view.visible[view.current];
    var pos = view.matches[k];
    view.blocks.forEach(function (b) {
      if (b.start <= pos && pos < b.end) setFolded(b.el, false);
    });
    highlight();
    var rect = rangeOf(pos, view.matches[k + 1]).getBoundingClientRect();
    window.scrollBy({ top: rect.top - window.innerHeight / 2 });
  }

  // ---------------------------------------------------------------- folding
  function setFolded(el, folded) {
    el.classList.toggle("folded", folded);
    el.firstChild.setAttribute("aria-expanded", folded ? "false" : "true");
  }

  function toggleFold(el) {
    setFolded(el, !el.classList.contains("folded"));
  }

  // ---------------------------------------------------------------- markdown
  async function copyMarkdown() {
    if (!files.plan) return;
    markdownOut.dataset.state = "rendering";
    markdownOut.value = "";
    side.hidden = false; // hidden when the render has no resource and no summary
    $("markdown-panel").open = true;
    var reply;
    try {
      var input = await readFile(files.plan, "file");
      var schemas = files.schemas ? await readFile(files.schemas, "schemas") : null;
      reply = await call("markdown", input, schemas);
    } catch (error) {
      markdownOut.value = "planview: " + error.message;
      markdownOut.dataset.state = "error";
      return;
    }
    if (reply.status !== 0) {
      markdownOut.value = nameFiles(reply.messages, files.plan, files.schemas);
      markdownOut.dataset.state = "error";
      showStatus(markdownOut.value.trim().split("\n")[0], true);
      return;
    }
    markdownOut.value = reply.output;
    markdownOut.dataset.state = "done";
    var done = function () {
      showStatus("Markdown comment copied (" + sizeText(reply.output.length) + ").", false);
    };
    var fallback = function () {
      markdownOut.focus();
      markdownOut.select();
      if (document.execCommand && document.execCommand("copy")) done();
      else showStatus("Copy the Markdown comment from the panel (the browser refused the clipboard).", false);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(reply.output).then(done, fallback);
    else fallback();
  }

  // ---------------------------------------------------------------- drop
  function setFile(input, file) {
    var dt = new DataTransfer();
    if (file) dt.items.add(file);
    input.files = dt.files;
  }

  async function isSchemas(file) {
    var head = await file.slice(0, 4096).text();
    return /"provider_schemas"\s*:/.test(head);
  }

  async function onDrop(event) {
    event.preventDefault();
    document.body.classList.remove("dragging");
    var dropped = Array.from(event.dataTransfer.files || []);
    if (dropped.length === 0) return;
    var plan = null;
    var schemas = null;
    for (var n = 0; n < dropped.length; n++) {
      var f = dropped[n];
      if (schemas === null && (await isSchemas(f))) schemas = f;
      else if (plan === null) plan = f;
    }
    if (schemas) setFile(schemasInput, schemas);
    if (plan) setFile(planInput, plan);
    renderNow();
  }

  // ---------------------------------------------------------------- events
  planInput.addEventListener("change", renderNow);
  schemasInput.addEventListener("change", renderNow);
  // Choosing the path chosen before fires no change but "cancel" (Chromium compares the
  // paths), though the input now holds a new File: the file as it is now on disk, which
  // may have been rewritten since (a plan made again). Render that one; a picker closed
  // without a choice keeps the same File and renders nothing.
  function renderIfChosenAgain() {
    var planFile = (planInput.files && planInput.files[0]) || null;
    var schemasFile = (schemasInput.files && schemasInput.files[0]) || null;
    if (planFile !== chosen.plan || schemasFile !== chosen.schemas) renderNow();
  }
  planInput.addEventListener("cancel", renderIfChosenAgain);
  schemasInput.addEventListener("cancel", renderIfChosenAgain);
  ["opt-product", "opt-verbose", "opt-show-sensitive"].forEach(function (id) {
    $(id).addEventListener("change", renderNow);
  });
  $("clear-files").addEventListener("click", function () {
    setFile(planInput, null);
    setFile(schemasInput, null);
    renderNow();
  });
  cancelButton.addEventListener("click", function () {
    generation++;
    restartWorker("cancelled");
    cancelButton.hidden = true;
    resetView();
    showError("planview: rendering cancelled", 1);
  });
  var typingTimer = 0;
  function applyViewSoon() {
    clearTimeout(typingTimer);
    if (view !== null && view.text.length > DEBOUNCE_CHARS) typingTimer = setTimeout(applyView, 250);
    else applyView();
  }
  addressFilter.addEventListener("input", applyViewSoon);
  searchInput.addEventListener("input", applyViewSoon);
  searchInput.addEventListener("keydown", function (event) {
    if (event.key === "Enter") {
      event.preventDefault();
      if (typingTimer) {
        clearTimeout(typingTimer);
        typingTimer = 0;
        applyView();
      }
      stepMatch(event.shiftKey ? -1 : 1);
    }
  });
  $("search-next").addEventListener("click", function () {
    stepMatch(1);
  });
  $("search-prev").addEventListener("click", function () {
    stepMatch(-1);
  });
  $("fold-all").addEventListener("click", function () {
    if (view) view.blocks.forEach(function (b) { setFolded(b.el, true); });
  });
  $("unfold-all").addEventListener("click", function () {
    if (view) view.blocks.forEach(function (b) { setFolded(b.el, false); });
  });
  $("copy-markdown").addEventListener("click", copyMarkdown);
  out.addEventListener("click", function (event) {
    var head = event.target.closest && event.target.closest(".res-head");
    if (!head) return;
    var sel = window.getSelection();
    if (sel && !sel.isCollapsed && out.contains(sel.anchorNode)) return; // selecting text, not folding
    toggleFold(head.parentElement);
  });
  out.addEventListener("keydown", function (event) {
    if ((event.key === "Enter" || event.key === " ") && event.target.classList && event.target.classList.contains("res-head")) {
      event.preventDefault();
      toggleFold(event.target.parentElement);
    }
  });
  tableBody.addEventListener("click", function (event) {
    var row = event.target.closest("tr");
    if (!row || !view) return;
    var b = view.blocks[Number(row.dataset.index)];
    if (!b) return;
    setFolded(b.el, false);
    out.querySelectorAll(".res.target").forEach(function (el) { el.classList.remove("target"); });
    b.el.classList.add("target");
    b.el.scrollIntoView({ block: "start" });
  });
  window.addEventListener("dragover", function (event) {
    event.preventDefault();
    document.body.classList.add("dragging");
  });
  window.addEventListener("dragleave", function (event) {
    if (event.target === document.documentElement || event.target === document.body) document.body.classList.remove("dragging");
  });
  window.addEventListener("drop", onDrop);

  try {
    startWorker();
  } catch (error) {
    showStatus("planview: " + error.message, true);
  }
  // A reload may keep the chosen files (form restoration): render them.
  if (planInput.files && planInput.files.length) renderNow();
})();
