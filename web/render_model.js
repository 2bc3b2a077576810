// What the viewer needs to lay out a render, computed in the render worker (build_web.mjs
// puts this file in the worker's source; web/render_model.test.mjs loads it in node):
// pure functions over strings, no DOM.
//
// styleRuns(text, color): the colour render's SGR escapes as style runs over the plain
//   render `text`: { ends: Int32Array, classes: Uint16Array, names: string[] }: run k
//   covers [ends[k-1] (0 for k = 0), ends[k]) and has CSS classes names[classes[k]] ("" for
//   none). null when `color` without its SGR escapes is not exactly `text` (then the page
//   shows the text without colour rather than wrong).
// locateBlocks(text, changes): where each resource change (renderChanges' model, in the
//   order the render lists them) is in `text`: its diff, found in order.
//   [{ index, start, headEnd, end, tailEnd }]: head is the first line, body the rest of the
//   diff, tail the newlines after it (up to two: the blank line between resources).

// eslint-disable-next-line no-unused-vars
var PlanviewRenderModel = (function () {
  "use strict";

  function applySgr(st, params) {
    var codes = params === "" ? [0] : params.split(/[;:]/).map(Number);
    for (var n = 0; n < codes.length; n++) {
      var c = codes[n];
      if (c === 0) {
        st.b = st.d = st.i = st.u = false;
        st.fg = st.bg = 0;
      } else if (c === 1) st.b = true;
      else if (c === 2) st.d = true;
      else if (c === 3) st.i = true;
      else if (c === 4) st.u = true;
      else if (c === 22) st.b = st.d = false;
      else if (c === 23) st.i = false;
      else if (c === 24) st.u = false;
      else if ((c >= 30 && c <= 37) || (c >= 90 && c <= 97)) st.fg = c;
      else if (c === 39) st.fg = 0;
      else if ((c >= 40 && c <= 47) || (c >= 100 && c <= 107)) st.bg = c;
      else if (c === 49) st.bg = 0;
      else if (c === 38 || c === 48) n += codes[n + 1] === 5 ? 2 : codes[n + 1] === 2 ? 4 : 1; // 256/true colour: not shown
    }
  }

  function classOf(st) {
    var c = [];
    if (st.b) c.push("sgr-b");
    if (st.d) c.push("sgr-d");
    if (st.i) c.push("sgr-i");
    if (st.u) c.push("sgr-u");
    if (st.fg) c.push("sgr-fg-" + st.fg);
    if (st.bg) c.push("sgr-bg-" + st.bg);
    return c.join(" ");
  }

  function styleRuns(text, color) {
    if (typeof color !== "string" || typeof text !== "string") return null;
    var ends = [];
    var classes = [];
    var names = [""];
    var index = new Map([["", 0]]);
    var st = { b: false, d: false, i: false, u: false, fg: 0, bg: 0 };
    var cls = 0;
    var runStart = 0;
    var i = 0;
    var j = 0;
    var sgr = /\x1b\[([0-9;:]*)m/y;
    while (i < color.length) {
      var esc = color.indexOf("\x1b", i);
      if (esc < 0) esc = color.length;
      if (esc > i) {
        // Text up to the next escape: the same characters as the plain render's.
        var chunk = color.slice(i, esc);
        if (!text.startsWith(chunk, j)) return null;
        i = esc;
        j += chunk.length;
        continue;
      }
      sgr.lastIndex = i;
      var m = sgr.exec(color);
      if (m === null) {
        // An ESC that is not a colour: the input's own, in both renders.
        if (text.charCodeAt(j) !== 27) return null;
        i++;
        j++;
        continue;
      }
      applySgr(st, m[1]);
      i = sgr.lastIndex;
      var name = classOf(st);
      var next = index.get(name);
      if (next === undefined) {
        next = names.length;
        names.push(name);
        index.set(name, next);
      }
      if (next !== cls) {
        if (j > runStart) {
          ends.push(j);
          classes.push(cls);
          runStart = j;
        }
        cls = next;
      }
    }
    if (j !== text.length) return null;
    ends.push(j);
    classes.push(cls);
    return { ends: Int32Array.from(ends), classes: Uint16Array.from(classes), names: names };
  }

  function locateBlocks(text, changes) {
    var blocks = [];
    var cursor = 0;
    changes.forEach(function (c, index) {
      if (!c.diff) return;
      // A diff starts a line (the page makes each resource a block of lines).
      var start = text.indexOf(c.diff, cursor);
      while (start > 0 && text.charCodeAt(start - 1) !== 10) start = text.indexOf(c.diff, start + 1);
      if (start < 0) return;
      var end = start + c.diff.length;
      var headEnd = text.indexOf("\n", start);
      if (headEnd < 0 || headEnd > end) headEnd = end;
      var tailEnd = end;
      if (text[tailEnd] === "\n") tailEnd++;
      if (text[tailEnd] === "\n") tailEnd++;
      blocks.push({ index: index, start: start, headEnd: headEnd, end: end, tailEnd: tailEnd });
      cursor = tailEnd;
    });
    return blocks;
  }

  return { styleRuns: styleRuns, locateBlocks: locateBlocks };
})();
