// Appended to a planview HTML page by //cmd:html_browser_test: records, in a <pre id="probe">
// that --dump-dom prints, what the reader would see: the page background, each resource's
// left border colour and position, and how many resources the expand/collapse buttons open.
(function () {
  var lines = ['body ' + getComputedStyle(document.body).backgroundColor];
  var all = document.querySelectorAll('details.res');
  all.forEach(function (d) {
    var r = d.getBoundingClientRect();
    lines.push('res ' + d.dataset.address + ' ' + d.dataset.actions + ' ' +
               getComputedStyle(d).borderLeftColor.replace(/ /g, '') + ' ' +
               Math.round(r.left) + ' ' + Math.round(r.top + r.height / 2));
  });
  function opened() {
    var n = 0;
    all.forEach(function (d) { if (d.open) n++; });
    return n;
  }
  document.getElementById('expand').click();
  lines.push('expanded ' + opened());
  document.getElementById('collapse').click();
  lines.push('collapsed ' + opened());
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = lines.join('\n');
  document.body.appendChild(pre);
})();
