import { describe, expect, it } from "vitest";
import { escapeHtml, markdownToHtml, safeHttpUrl } from "./markdown-html.js";

describe("markdownToHtml: escaping", () => {
  it("should escape raw HTML in text, headings, list items and table cells, never pass it through", () => {
    const html = markdownToHtml(
      [
        "# Report <script>alert(1)</script>",
        "",
        '<script>alert("x")</script>',
        "",
        '<img src="https://evil.example/x.png" onerror="alert(1)">',
        "",
        "- <b>bold?</b>",
        "",
        "| <i>h</i> |",
        "|---|",
        "| <script>cell</script> |",
      ].join("\n"),
    );
    expect(html).not.toMatch(/<(script|img|b|i)[\s>]/i);
    expect(html).toContain("<h1>Report &lt;script&gt;alert(1)&lt;/script&gt;</h1>");
    expect(html).toContain("<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>");
    expect(html).toContain("&lt;img src=&quot;https://evil.example/x.png&quot; onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("<li>&lt;b&gt;bold?&lt;/b&gt;</li>");
    expect(html).toContain("<td>&lt;script&gt;cell&lt;/script&gt;</td>");
  });

  it("should escape code spans and fenced code", () => {
    expect(markdownToHtml('Use `<div class="a">` & go')).toBe(
      "<p>Use <code>&lt;div class=&quot;a&quot;&gt;</code> &amp; go</p>",
    );
    expect(markdownToHtml("```html\n<script>x</script>\n```")).toBe(
      "<pre><code>&lt;script&gt;x&lt;/script&gt;\n</code></pre>",
    );
  });

  it("should not let placeholder characters in the input smuggle markup", () => {
    const html = markdownToHtml("`<b>` then \uE0000\uE001 and <b>");
    expect(html).not.toContain("<b>");
    expect(html.match(/<code>/g)).toHaveLength(1);
  });

  it("escapeHtml should escape the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("markdownToHtml: blocks", () => {
  it("should render headings, shifted by headingOffset and clamped to h6", () => {
    expect(markdownToHtml("# One\n## Two ##\n###### Six")).toBe("<h1>One</h1>\n<h2>Two</h2>\n<h6>Six</h6>");
    expect(markdownToHtml("# One\n### Three\n###### Six", { headingOffset: 2 })).toBe(
      "<h3>One</h3>\n<h5>Three</h5>\n<h6>Six</h6>",
    );
    expect(markdownToHtml("Title\n=====\n\nSub\n---")).toBe("<h1>Title</h1>\n<h2>Sub</h2>");
  });

  it("should join paragraph lines and separate paragraphs at blank lines", () => {
    expect(markdownToHtml("one\ntwo\n\nthree")).toBe("<p>one\ntwo</p>\n<p>three</p>");
    expect(markdownToHtml("one  \ntwo")).toBe("<p>one<br>\ntwo</p>");
  });

  it("should render bullet and ordered lists, tight and nested", () => {
    expect(markdownToHtml("- a\n- b *c*\n  - nested\n- d")).toBe(
      "<ul>\n<li>a</li>\n<li>b <em>c</em>\n<ul>\n<li>nested</li>\n</ul></li>\n<li>d</li>\n</ul>",
    );
    expect(markdownToHtml("1. first\n2. second")).toBe("<ol>\n<li>first</li>\n<li>second</li>\n</ol>");
    expect(markdownToHtml("3. third\n4. fourth")).toContain('<ol start="3">');
    expect(markdownToHtml("* x\n\n* y")).toBe("<ul>\n<li><p>x</p></li>\n<li><p>y</p></li>\n</ul>");
  });

  it("should end a paragraph at a list, and a list at a heading", () => {
    expect(markdownToHtml("Friction points:\n- one\n- two\n## Next")).toBe(
      "<p>Friction points:</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<h2>Next</h2>",
    );
  });

  it("should render a table with a header row, alignment, escaped pipes and ragged rows", () => {
    const html = markdownToHtml(
      ["| Answer | All | A \\| B |", "|:---|:---:|---:|", "| Yes | 42.3% | **x** |", "| No |", ""].join("\n"),
    );
    expect(html).toBe(
      [
        "<table>",
        "<thead>",
        '<tr><th scope="col" class="align-left">Answer</th><th scope="col" class="align-center">All</th>' +
          '<th scope="col" class="align-right">A | B</th></tr>',
        "</thead>",
        "<tbody>",
        '<tr><td class="align-left">Yes</td><td class="align-center">42.3%</td>' +
          '<td class="align-right"><strong>x</strong></td></tr>',
        '<tr><td class="align-left">No</td><td class="align-center"></td><td class="align-right"></td></tr>',
        "</tbody>",
        "</table>",
      ].join("\n"),
    );
  });

  it("should not take a pipe-less paragraph or a mismatched delimiter row for a table", () => {
    expect(markdownToHtml("a | b\n|---|---|---|")).not.toContain("<table>");
    expect(markdownToHtml("no pipes\n---")).toBe("<h2>no pipes</h2>");
  });

  it("should render block quotes and horizontal rules", () => {
    expect(markdownToHtml("> said\n> this\n\n***")).toBe("<blockquote>\n<p>said\nthis</p>\n</blockquote>\n<hr>");
  });
});

describe("markdownToHtml: inline", () => {
  it("should render bold and italic, leaving snake_case names and lone asterisks alone", () => {
    expect(markdownToHtml("**bold**, *it*, __b__, _i_, ***both***")).toBe(
      "<p><strong>bold</strong>, <em>it</em>, <strong>b</strong>, <em>i</em>, <strong><em>both</em></strong></p>",
    );
    expect(markdownToHtml("q1_purchase_intent and 2 * 3 * 4")).toBe("<p>q1_purchase_intent and 2 * 3 * 4</p>");
    expect(markdownToHtml("\\*not em\\*")).toBe("<p>*not em*</p>");
  });

  it("should render http(s) links as text with an escaped href", () => {
    expect(markdownToHtml('[the site](https://example.com/a?b=1&c="2" "Title")')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=&quot;2&quot;" rel="nofollow noopener noreferrer">the site</a></p>',
    );
    expect(markdownToHtml("[**bold** link](http://example.com/(x))")).toBe(
      '<p><a href="http://example.com/(x)" rel="nofollow noopener noreferrer"><strong>bold</strong> link</a></p>',
    );
  });

  it("should refuse javascript:, data: and relative links, keeping only their text", () => {
    for (const url of ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "/relative", "//host/x"]) {
      const html = markdownToHtml(`[click](${url})`);
      expect(html).toBe("<p>click</p>");
    }
    expect(markdownToHtml("[x](<javascript:alert(1)>)")).toBe("<p>x</p>");
  });

  it("should never load an image: the alt text stands in", () => {
    expect(markdownToHtml("![a chart](https://cdn.example/x.png)")).toBe("<p>a chart</p>");
  });

  it("safeHttpUrl should accept only absolute http(s) URLs without whitespace", () => {
    expect(safeHttpUrl("https://example.com")).toBe("https://example.com");
    expect(safeHttpUrl("HTTP://example.com/x")).toBe("HTTP://example.com/x");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("https://exa mple.com")).toBeNull();
    expect(safeHttpUrl("ftp://example.com")).toBeNull();
  });
});
