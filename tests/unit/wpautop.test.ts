import { describe, expect, it } from "vitest";
import { htmlSplit, wpautop } from "../../server/import/wpautop";

/**
 * The outputs WordPress's own wpautop() gives for these inputs (its unit tests,
 * tests/phpunit/tests/formatting/wpAutop.php, assert the same): the port must agree byte for byte.
 */
describe("wpautop", () => {
  it("paragraphs a classic post: double breaks are paragraphs, single ones <br />, lists stay blocks", () => {
    const input = `
Welcome to WordPress!  This post contains important information.

First things first:
<ul>
<li><a href="%1$s" title="Subscribe">Subscribe to the WordPress mailing list</a></li>
</ul>
As a subscriber, you will receive an email every time an update is available.
When a new version is released, <a href="%2$s">log in to the Dashboard</a> and follow the instructions.
Upgrading is a couple of clicks!

Thank you for selecting WordPress.  We wish you happy publishing!
`;
    expect(wpautop(input)).toBe(
      `<p>Welcome to WordPress!  This post contains important information.</p>
<p>First things first:</p>
<ul>
<li><a href="%1$s" title="Subscribe">Subscribe to the WordPress mailing list</a></li>
</ul>
<p>As a subscriber, you will receive an email every time an update is available.<br />
When a new version is released, <a href="%2$s">log in to the Dashboard</a> and follow the instructions.<br />
Upgrading is a couple of clicks!</p>
<p>Thank you for selecting WordPress.  We wish you happy publishing!</p>
`,
    );
  });

  it("leaves <pre> alone", () => {
    const code = "var a = 1;\n\nif (a &lt; 2) {\n  a++;\n}";
    expect(wpautop(`<pre>${code}</pre>`).trim()).toBe(`<pre>${code}</pre>`);
    expect(wpautop(`Look at this code\n\n<pre>${code}</pre>\n\nIsn't that cool?`).trim()).toBe(
      `<p>Look at this code</p>\n<pre>${code}</pre>\n<p>Isn't that cool?</p>`,
    );
    expect(
      wpautop(
        "Look at this code\n\n<pre>Line1<br />Line2<br>Line3<br/>Line4\nActual Line 2\nActual Line 3</pre>\n\nCool, huh?",
      ).trim(),
    ).toBe(
      "<p>Look at this code</p>\n<pre>Line1<br />Line2<br>Line3<br/>Line4\nActual Line 2\nActual Line 3</pre>\n<p>Cool, huh?</p>",
    );
  });

  it("adds no <br /> to inputs, selects and options", () => {
    const inputs =
      'Username: <input type="text" id="username" name="username" /><br />Password: <input type="password" id="password1" name="password1" />';
    expect(wpautop(inputs).trim()).toBe(`<p>${inputs}</p>`);
    const select =
      'Country: <select id="state" name="state"><option value="1">Alabama</option><option value="2">Alaska</option></select>';
    expect(wpautop(select).trim()).toBe(`<p>${select}</p>`);
  });

  it("collapses the breaks around <source>, <track>, <param> and <embed>", () => {
    const video = `Paragraph one.\n\n<video class="wp-video-shortcode" controls="controls">
\t\t\t\t<source type="video/mp4" src="http://domain.tld/xyz.mp4" />
\t\t\t\t<!-- WebM for Firefox -->
\t\t\t\t<source type="video/webm" src="myvideo.webm" />
\t\t\t\t<track kind="subtitles" src="subtitles.srt" srclang="en" />
\t\t\t\t<a href="http://domain.tld/xyz.mp4">http://domain.tld/xyz.mp4</a>
\t\t\t</video>\n\nParagraph two.`;
    expect(wpautop(video).trim()).toBe(
      "<p>Paragraph one.</p>\n" +
        '<p><video class="wp-video-shortcode" controls="controls">' +
        '<source type="video/mp4" src="http://domain.tld/xyz.mp4" />' +
        "<!-- WebM for Firefox -->" +
        '<source type="video/webm" src="myvideo.webm" />' +
        '<track kind="subtitles" src="subtitles.srt" srclang="en" />' +
        '<a href="http://domain.tld/xyz.mp4">http://domain.tld/xyz.mp4</a></video></p>\n' +
        "<p>Paragraph two.</p>",
    );
    const object = `
Paragraph one.

<object width="400" height="224">
\t<param name="src" value="http://domain.tld/xyz.swf" />
\t<param name="allowfullscreen" value="true" />

\t<embed width="400" height="224" src="http://domain.tld/xyz.swf" />
</object>

Paragraph two.`;
    expect(wpautop(object).trim()).toBe(
      "<p>Paragraph one.</p>\n" +
        '<p><object width="400" height="224">' +
        '<param name="src" value="http://domain.tld/xyz.swf" />' +
        '<param name="allowfullscreen" value="true" />' +
        '<embed width="400" height="224" src="http://domain.tld/xyz.swf" />' +
        "</object></p>\n" +
        "<p>Paragraph two.</p>",
    );
  });

  const BLOCKS = [
    "table",
    "thead",
    "tfoot",
    "caption",
    "col",
    "colgroup",
    "tbody",
    "tr",
    "td",
    "th",
    "div",
    "dl",
    "dd",
    "dt",
    "ul",
    "ol",
    "li",
    "pre",
    "form",
    "map",
    "area",
    "address",
    "math",
    "style",
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "fieldset",
    "legend",
    "section",
    "article",
    "aside",
    "hgroup",
    "header",
    "footer",
    "nav",
    "figure",
    "details",
    "menu",
    "summary",
  ];

  it("treats block-level elements as blocks", () => {
    const content = BLOCKS.map((b) => `<${b}>foo</${b}>`);
    expect(wpautop(content.join("\n\n")).trim()).toBe(content.join("\n"));
    expect(wpautop(content.join("")).trim()).toBe(content.join("\n"));
    const empty = BLOCKS.map((b) => `<${b}/>`);
    expect(wpautop(empty.join("")).trim()).toBe(empty.join("\n"));
    const attrs = BLOCKS.map((b) => `<${b} attr='value'>foo</${b}>`);
    expect(wpautop(attrs.join("")).trim()).toBe(attrs.join("\n"));
  });

  it("paragraphs a blockquote's content, not the blockquote", () => {
    expect(wpautop("<blockquote>foo</blockquote>").trim()).toBe("<blockquote><p>foo</p></blockquote>");
  });

  it("treats inline elements as inline", () => {
    const inlines = [
      "a",
      "em",
      "strong",
      "small",
      "s",
      "cite",
      "q",
      "code",
      "sub",
      "sup",
      "i",
      "b",
      "span",
      "del",
    ];
    expect(wpautop(inlines.map((t) => `<${t}>foo</${t}>`).join("\n\n")).trim()).toBe(
      inlines.map((t) => `<p><${t}>foo</${t}></p>`).join("\n"),
    );
  });

  it.each([
    ["Hello <a\nhref='world'>", "<p>Hello <a\nhref='world'></p>\n"],
    ["Hello <!-- a\nhref='world' -->", "<p>Hello <!-- a\nhref='world' --></p>\n"],
    [
      "Hello <!-- <object>\n<param>\n<param>\n<embed>\n</embed>\n</object>\n -->",
      "<p>Hello <!-- <object>\n<param>\n<param>\n<embed>\n</embed>\n</object>\n --></p>\n",
    ],
    [
      "Hello <![CDATA[ a\nhttps://youtu.be/jgz0uSaOZbE\n ]]>",
      "<p>Hello <![CDATA[ a\nhttps://youtu.be/jgz0uSaOZbE\n ]]></p>\n",
    ],
    [
      "Hello <![CDATA[ <!-- a\nhttps://youtu.be/jgz0uSaOZbE\n a\n9 ]]> -->",
      "<p>Hello <![CDATA[ <!-- a\nhttps://youtu.be/jgz0uSaOZbE\n a\n9 ]]> --></p>\n",
    ],
  ])("keeps the newlines inside elements: %j", (input, output) => {
    expect(wpautop(input)).toBe(output);
  });

  it("keeps line breaks after <br> and makes paragraphs of double <br>s", () => {
    expect(wpautop("\nline 1<br>\nline 2<br/>\nline 3<br />\nline 4\nline 5\n").trim()).toBe(
      "<p>line 1<br />\nline 2<br />\nline 3<br />\nline 4<br />\nline 5</p>",
    );
    expect(wpautop("\nline 1<br>\n<br/>\nline 2<br/>\n<br />\n").trim()).toBe("<p>line 1</p>\n<p>line 2</p>");
  });

  it("wraps text before a block, leaves figures, hr, svg and scripts as WordPress does", () => {
    expect(wpautop("a<div>b</div>").trim()).toBe("<p>a</p>\n<div>b</div>");
    const figure = '<figure><img src="example.jpg" /><figcaption>Caption</figcaption></figure>';
    expect(wpautop(figure).trim()).toBe(figure);
    expect(
      wpautop('<figure>\n<img src="example.jpg" />\n<figcaption>Caption</figcaption>\n</figure>').trim(),
    ).toBe('<figure>\n<img src="example.jpg" /><figcaption>Caption</figcaption></figure>');
    expect(wpautop("paragraph1<hr>paragraph2").trim()).toBe("<p>paragraph1</p>\n<hr>\n<p>paragraph2</p>");
    const svg = '<svg xmlns="http://www.w3.org/2000/svg">\n\t<circle cx="50" cy="50" r="30"/>\n</svg>';
    expect(wpautop(svg).trim()).toBe(`<p>${svg}</p>`);
    const script = '<script type="text/javascript">\n\tvar dummy = 1;\n</script>';
    expect(wpautop(script).trim()).toBe(`<p>${script}</p>`);
  });

  it("knows only ASCII white space, as PHP's PCRE does: a full-width space stays", () => {
    expect(wpautop("第一段，行末有全角空格\u3000\n第二行\n\n\u3000\u3000第二段")).toBe(
      "<p>第一段，行末有全角空格\u3000<br />\n第二行</p>\n<p>\u3000\u3000第二段</p>\n",
    );
    expect(wpautop(" \n\t ")).toBe("");
    expect(wpautop("一行", false)).toBe("<p>一行</p>\n");
    expect(wpautop("一\n二", false)).toBe("<p>一\n二</p>\n");
  });

  it("splits HTML into text and elements as wp_html_split does", () => {
    expect(htmlSplit("a<b>c<!-- d > e -->f<![CDATA[ g > ]]>h<i")).toEqual([
      "a",
      "<b>",
      "c",
      "<!-- d > e -->",
      "f",
      "<![CDATA[ g > ]]>",
      "h",
      "<i",
      "",
    ]);
  });
});
