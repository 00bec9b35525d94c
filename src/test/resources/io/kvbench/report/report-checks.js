// Checks report.html as the browser laid it out, and writes the findings into the page as JSON in
// <pre id="kvbench-checks"> for `chromium --dump-dom` to carry out (ReportInBrowserTest reads them). Every list is a
// list of problems: the test expects them empty. Appended to a copy of the report by the test, never shipped.
(function () {
  const problems = { unstyledTables: [], badText: [], axisUnits: [], axisPositions: [], engineOrder: [],
    engineColours: [] };
  const tables = Array.from(document.querySelectorAll('table'));
  for (const t of tables) {
    // Styled: it has the stylesheet's class and the stylesheet reached it (collapsed borders, a rule under cells).
    const cell = t.querySelector('td, th');
    const styled = t.classList.contains('metrics') && getComputedStyle(t).borderCollapse === 'collapse'
      && cell !== null && getComputedStyle(cell).borderBottomStyle !== 'none';
    if (!styled) problems.unstyledTables.push((t.closest('section, header') || document.body).id + ': '
      + t.innerText.slice(0, 60));
  }
  const text = document.body.innerText;
  for (const word of ['undefined', 'NaN', 'Infinity']) {
    const at = text.search(new RegExp('\\b' + word + '\\b'));
    if (at >= 0) problems.badText.push(word + ' in "' + text.slice(Math.max(0, at - 40), at + 40) + '"');
  }
  if (/±\s*0(\s|$)/.test(text)) problems.badText.push('a "± 0" with no spread');

  const charts = Array.from(document.querySelectorAll('svg.chart'));
  const order = [];
  const colours = {};
  for (const svg of charts) {
    const name = svg.getAttribute('aria-label');
    const unit = svg.dataset.unit;
    const caption = svg.querySelector('text.caption').textContent.replace(/ · log scale$/, '');
    if (caption !== unit) problems.axisUnits.push(name + ': caption "' + caption + '", axis unit "' + unit + '"');
    const ticks = Array.from(svg.querySelectorAll('text.tick')).map(t => ({
      text: t.textContent, value: Number(t.textContent.replace(/,/g, '')), x: Number(t.getAttribute('x')) }));
    for (const t of ticks) {
      if (!/^[0-9][0-9,]*(\.[0-9]+)?$/.test(t.text)) {
        problems.axisUnits.push(name + ': tick "' + t.text + '" is not a plain number of ' + unit);
      }
    }
    const log = svg.querySelector('text.caption').textContent.endsWith('log scale');
    const axis = v => log ? Math.log(v) : v;
    const usable = ticks.filter(t => !log || t.value > 0);
    // Where each bar ends must be where its value (in the caption's unit) sits between the ticks.
    for (const g of svg.querySelectorAll('g.bar')) {
      const value = Number(g.dataset.axisValue);
      const rect = g.querySelector('rect');
      const end = Number(rect.getAttribute('x')) + Number(rect.getAttribute('width'));
      const lo = usable.filter(t => t.value <= value).pop();
      const hi = usable.find(t => t.value >= value);
      if (lo && hi && Number(rect.getAttribute('width')) > 2) {
        const expected = lo.value === hi.value ? lo.x
          : lo.x + (hi.x - lo.x) * (axis(value) - axis(lo.value)) / (axis(hi.value) - axis(lo.value));
        if (Math.abs(expected - end) > 2) problems.axisPositions.push(name + ': ' + g.dataset.engine + ' ends at x='
          + end.toFixed(1) + ', its value ' + value + ' ' + unit + ' is at x=' + expected.toFixed(1));
      }
      const engine = g.querySelector('text.label').textContent;  // what the reader sees
      const fill = getComputedStyle(rect).fill;
      if (colours[engine] === undefined) colours[engine] = fill;
      else if (colours[engine] !== fill) problems.engineColours.push(engine + ': ' + colours[engine] + ' and ' + fill);
      if (!order.includes(engine)) order.push(engine);
    }
  }
  // One engine order: the legend's (the settings table), and in every chart the engines it shows come in that order.
  const legend = Array.from(document.querySelectorAll('table.settings tr[data-engine]')).map(r => r.dataset.engine);
  const global = legend.length > 0 ? legend : order;
  for (const engine of order) {
    if (!global.includes(engine)) problems.engineOrder.push(engine + ' is charted but not in the legend');
  }
  for (const row of document.querySelectorAll('table.settings tr[data-engine]')) {
    const swatch = getComputedStyle(row.querySelector('.swatch')).backgroundColor;
    const engine = row.dataset.engine;
    if (colours[engine] !== undefined && colours[engine] !== swatch) {
      problems.engineColours.push(engine + ': legend ' + swatch + ', charts ' + colours[engine]);
    }
  }
  for (const svg of charts) {
    const here = Array.from(svg.querySelectorAll('g.bar text.label')).map(t => t.textContent);
    for (let i = 1; i < here.length; i++) {
      if (global.indexOf(here[i]) < global.indexOf(here[i - 1])) {
        problems.engineOrder.push(svg.getAttribute('aria-label') + ': ' + here[i] + ' after ' + here[i - 1]);
      }
    }
  }
  const out = document.createElement('pre');
  out.id = 'kvbench-checks';
  out.textContent = JSON.stringify({ tables: tables.length, charts: charts.length, engines: order,
    legend: legend, problems: problems });
  document.body.appendChild(out);
})();
