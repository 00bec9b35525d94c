// Checks a page of the results site as the browser laid it out, and writes the findings into the page as JSON in
// <pre id="kvbench-checks"> for `chromium --dump-dom` to carry out (SiteInBrowserTest reads them). Every list is a
// list of problems: the test expects them empty. Appended to a copy of each page by the test, never shipped.
(function () {
  const problems = { badText: [], unstyledTables: [], charts: [], overflow: [] };
  const text = document.body.innerText;
  for (const word of ['undefined', 'NaN', 'Infinity', 'null']) {
    const at = text.search(new RegExp('\\b' + word + '\\b'));
    if (at >= 0) problems.badText.push(word + ' in "' + text.slice(Math.max(0, at - 40), at + 40) + '"');
  }
  for (const t of document.querySelectorAll('table')) {
    const cell = t.querySelector('td, th');
    const styled = t.classList.contains('metrics') && getComputedStyle(t).borderCollapse === 'collapse'
      && cell !== null && getComputedStyle(cell).borderBottomStyle !== 'none';
    if (!styled) problems.unstyledTables.push(t.innerText.slice(0, 60));
  }
  // A chart has a name, an axis with at least two ticks, a caption that names its unit, and a legend: the label of
  // each bar, or for a trend chart (one series) the heading right above it that names the series.
  const charts = Array.from(document.querySelectorAll('svg.chart'));
  for (const svg of charts) {
    const name = svg.getAttribute('aria-label') || '';
    if (name.trim() === '') problems.charts.push('a chart without a name');
    if (svg.querySelectorAll('text.tick').length < 2) problems.charts.push(name + ': fewer than two ticks');
    if (svg.querySelector('line.axis') === null) problems.charts.push(name + ': no axis line');
    const captions = Array.from(svg.querySelectorAll('text.caption')).map(c => c.textContent).join(' ');
    if (!/(ops\/s|\/op|B|ms|µs|ns|s)\b/.test(captions)) problems.charts.push(name + ': no unit in "' + captions + '"');
    const bars = Array.from(svg.querySelectorAll('g.bar'));
    if (svg.classList.contains('trend')) {
      const heading = svg.previousElementSibling;
      if (heading === null || !/^H[1-4]$/.test(heading.tagName) || heading.textContent.trim() === '') {
        problems.charts.push(name + ': no heading naming its series');
      }
    } else if (bars.length === 0 || bars.some(g => (g.querySelector('text.label') || {}).textContent === '')) {
      problems.charts.push(name + ': bars without labels');
    }
  }
  // Nothing wider than the window: wide tables scroll inside their own box, never the page.
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    const wide = Array.from(document.querySelectorAll('main *')).filter(e => e.getBoundingClientRect().right
      > window.innerWidth + 1 && e.closest('.table-wrap') === null).slice(0, 5)
      .map(e => e.tagName.toLowerCase() + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));
    problems.overflow.push('page ' + document.documentElement.scrollWidth + ' px wide in a ' + window.innerWidth
      + ' px window: ' + wide.join(', '));
  }
  const out = document.createElement('pre');
  out.id = 'kvbench-checks';
  out.textContent = JSON.stringify({ width: window.innerWidth, charts: charts.length,
    links: document.querySelectorAll('a[href]').length, problems: problems });
  document.body.appendChild(out);
  // In a frame (a phone's width: headless windows are wider), the framing page carries the findings out.
  if (window.parent !== window) window.parent.document.body.appendChild(out.cloneNode(true));
})();
