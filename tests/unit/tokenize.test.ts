import { describe, expect, it } from "vitest";
import { bigramTokens, charTokens, htmlToText, parseQuery, SEP } from "../../server/search/tokenize";

describe("search tokens", () => {
  it("turns CJK runs into overlapping bigrams and keeps ASCII words whole, lower-cased", () => {
    expect(bigramTokens("抖音电商发布新政策")).toEqual([
      "抖音",
      "音电",
      "电商",
      "商发",
      "发布",
      "布新",
      "新政",
      "政策",
    ]);
    expect(bigramTokens("618大促GMV破亿")).toEqual(["618", "大促", "gmv", "破亿"]);
  });

  it("marks punctuation and spaces with a separator so phrases cannot bridge them", () => {
    expect(bigramTokens("直播，带货")).toEqual(["直播", SEP, "带货"]);
    expect(bigramTokens("AI 直播")).toEqual(["ai", SEP, "直播"]);
    expect(bigramTokens("，，直播！")).toEqual(["直播"]);
  });

  it("normalises full-width characters", () => {
    expect(bigramTokens("ＧＭＶ增长")).toEqual(["gmv", "增长"]);
  });

  it("keeps single characters for titles", () => {
    expect(charTokens("新政：直播")).toEqual(["新", "政", SEP, "直", "播"]);
  });

  it("parses a keyword into parts, one character parts matching titles", () => {
    expect(parseQuery("直")).toEqual([{ text: "直", single: true, phrase: ["直"], titlePhrase: ["直"] }]);
    const [p] = parseQuery("新政策");
    expect(p).toMatchObject({ single: false, phrase: ["新政", "政策"] });
    expect(parseQuery("直播  带货").map((x) => x.text)).toEqual(["直播", "带货"]);
    expect(parseQuery("' OR 1=1 --").map((x) => x.phrase)).toEqual([["or"], ["1", "1"]]);
    expect(parseQuery("  ，。 ")).toEqual([]);
  });

  it("reads the text of an HTML body", () => {
    expect(
      htmlToText("<p>直播&amp;带货</p><script>x()</script><h2>标题</h2>").replace(/\s+/g, " ").trim(),
    ).toBe("直播&带货 标题");
  });
});
