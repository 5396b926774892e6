import { describe, expect, it } from "vitest";
import type { Chrome } from "../../app/routes/news/chrome.server";
import { chromeOf, withChromeAside } from "../../app/routes/news/chrome-data";

const hostile = "</script><script>alert(1)</script><!-- \u2028\u2029";
const chrome: Chrome = {
  columns: [{ columnId: 1, columnName: hostile } as Chrome["columns"][number]],
  topBanners: [
    { bannerId: 1, bannerName: hostile, bannerLink: "https://example.com/?a=1&b=<2>", image: "/x.jpg" },
  ],
  adBanners: [],
  trends: [{ contentId: 3, title: hostile, intro: "引言" }],
  partners: [],
  hotTags: [{ tagId: 4, tagName: hostile }],
};

describe("the chrome's data in a page", () => {
  it("is JSON a script element cannot end early, which parses back to the same data", () => {
    const { text } = chromeOf(withChromeAside<{ origin: string; chrome?: Chrome }>({ origin: "" }, chrome));
    expect(text).not.toContain("<");
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(chrome);
  });

  it("is made once per chrome data and travels in the data of client navigations", () => {
    const a = chromeOf(withChromeAside<{ origin: string; chrome?: Chrome }>({ origin: "" }, chrome));
    const b = chromeOf({ chrome });
    expect(b.chrome).toBe(chrome);
    expect(b.text).toBe(a.text);
  });
});
