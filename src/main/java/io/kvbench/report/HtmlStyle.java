package io.kvbench.report;

/**
 * The stylesheet inlined into report.html. System fonts only (no web fonts: the page must render offline and in a
 * headless container); tabular figures so that numbers in tables line up.
 */
final class HtmlStyle {

    static final String CSS = """
            :root { --fg: #1f2328; --muted: #656d76; --line: #d8dee4; --soft: #f6f8fa; --accent: #0969da;
                    --warn-bg: #fff8c5; --warn-line: #d4a72c; --err-bg: #ffebe9; --err-line: #ff8182; --err: #cf222e; }
            * { box-sizing: border-box; }
            body { margin: 0; color: var(--fg); background: #fff;
                   font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, \
            "DejaVu Sans", sans-serif; }
            main { max-width: 1080px; margin: 0 auto; padding: 28px 32px 40px; }
            h1 { font-size: 26px; margin: 0; letter-spacing: -0.01em; }
            h2 { font-size: 20px; margin: 0 0 2px; }
            h3 { font-size: 15px; margin: 22px 0 6px; }
            code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace; \
            font-size: 0.92em; }
            .subtitle { margin: 2px 0 14px; color: var(--muted); }
            .subtitle strong { color: var(--fg); }
            .banner { margin: 10px 0; padding: 8px 12px; border-radius: 6px; border: 1px solid; }
            .banner.warn { background: var(--warn-bg); border-color: var(--warn-line); }
            .banner.error { background: var(--err-bg); border-color: var(--err-line); }
            dl.context { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px 28px; margin: 0;
                         padding: 14px 18px; background: var(--soft); border: 1px solid var(--line); \
            border-radius: 8px; }
            dl.context div { min-width: 0; }
            dt { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; }
            dd { margin: 0; overflow-wrap: anywhere; }
            nav.toc { margin: 16px 0 0; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
            nav.toc span { color: var(--muted); margin-right: 4px; }
            nav.toc a { color: var(--accent); text-decoration: none; padding: 2px 10px; border: 1px solid var(--line);
                        border-radius: 999px; font-size: 13px; }
            nav.toc a:hover { background: var(--soft); }
            section.workload { margin-top: 34px; padding-top: 18px; border-top: 1px solid var(--line); }
            .direction { margin: 0 0 10px; color: var(--muted); }
            .params { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", \
            monospace; font-size: 12.5px; }
            .badge { display: inline-block; vertical-align: middle; margin-left: 6px; padding: 0 8px; font-size: 11.5px;
                     font-weight: 600; color: #8a4600; background: #fff1e5; border: 1px solid #ffc680; \
            border-radius: 999px; }
            .muted { color: var(--muted); font-weight: normal; font-size: 0.9em; }
            svg.chart { display: block; max-width: 100%; height: auto; }
            svg.chart text { font-family: inherit; }
            svg.chart .grid { stroke: #eaeef2; stroke-width: 1; }
            svg.chart .axis { stroke: #8c959f; stroke-width: 1; }
            svg.chart .tick { fill: var(--muted); font-size: 11px; }
            svg.chart .caption { fill: var(--muted); font-size: 12px; }
            svg.chart .label { fill: var(--fg); font-size: 13px; }
            svg.chart .value { font-size: 12.5px; }
            svg.chart .number { fill: var(--fg); font-weight: 600; }
            svg.chart .rest { fill: var(--muted); }
            svg.chart .whisker { stroke: #24292f; stroke-width: 1.4; fill: none; opacity: 0.75; }
            svg.chart .bar:hover rect { opacity: 0.85; }
            ul.unmeasured { list-style: none; margin: 8px 0 0; padding: 0; }
            ul.unmeasured li { margin: 3px 0; padding-left: 2px; overflow-wrap: anywhere; }
            .status { display: inline-block; min-width: 52px; text-align: center; padding: 0 6px; margin-right: 4px;
                      border-radius: 4px; font-size: 11.5px; font-weight: 700; letter-spacing: 0.03em; }
            .status.na { background: #eaeef2; color: #424a53; }
            .status.error { background: var(--err-bg); color: var(--err); border: 1px solid var(--err-line); }
            .status.known { background: #fff8c5; color: #7d4e00; border: 1px solid #d4a72c; }
            .note, .empty { color: var(--muted); margin: 4px 0; }
            .table-wrap { overflow-x: auto; }
            table.metrics { border-collapse: collapse; width: 100%; font-size: 12.5px; \
            font-variant-numeric: tabular-nums; }
            table.metrics th, table.metrics td { padding: 5px 7px; text-align: right; white-space: nowrap;
                                                 border-bottom: 1px solid var(--line); }
            table.metrics th { color: var(--muted); font-weight: 600; border-bottom-width: 2px; }
            table.metrics th:first-child, table.metrics td:first-child { text-align: left; white-space: normal;
                                                                         overflow-wrap: anywhere; min-width: 8em; }
            table.metrics tbody tr:hover { background: var(--soft); }
            table.metrics tr.inconclusive td { color: var(--muted); }
            table.settings th, table.settings td { text-align: left; white-space: normal; }
            table.settings td:first-child { white-space: nowrap; }
            .badge.inconclusive { margin-left: 4px; color: #7d4e00; background: #fff8c5; border-color: #d4a72c;
                                  font-weight: 600; }
            p.note.inconclusive .badge { margin-left: 0; margin-right: 4px; }
            .swatch { display: inline-block; width: 11px; height: 11px; margin-right: 7px; border-radius: 2px;
                      vertical-align: -1px; }
            section.published { margin-top: 34px; padding-top: 18px; border-top: 1px solid var(--line); }
            footer { margin-top: 40px; padding-top: 14px; border-top: 1px solid var(--line); color: var(--muted); \
            font-size: 12.5px; }
            """;

    private HtmlStyle() {
    }
}
