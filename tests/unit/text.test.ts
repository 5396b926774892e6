import { describe, expect, it } from "vitest";
import { cleanInput, cleanText } from "../../contract/text";

/** Text the site keeps is clean Unicode (contract/text.ts, docs/product.md "Text"). */
describe("cleanText", () => {
  it("removes NUL and the other invisible C0 controls, keeps tab and line breaks", () => {
    expect(cleanText("标\u0000题")).toBe("标题");
    expect(cleanText("a\u0001\u0008\u000B\u000C\u000E\u001B\u001Fb")).toBe("ab");
    expect(cleanText("第一行\r\n第二行\n\t缩进")).toBe("第一行\r\n第二行\n\t缩进");
  });

  it("turns half an emoji into U+FFFD and keeps whole 4-byte characters and RTL marks", () => {
    expect(cleanText("表情\uD83D")).toBe("表情\uFFFD");
    expect(cleanText("\uDE00开头")).toBe("\uFFFD开头");
    expect(cleanText("\uDE00\uD83D")).toBe("\uFFFD\uFFFD");
    expect(cleanText("😀𠀀\u202E\u200F\uFEFF\u2028")).toBe("😀𠀀\u202E\u200F\uFEFF\u2028");
  });

  it("answers clean text as it is", () => {
    const s = "电商报".repeat(1000);
    expect(cleanText(s)).toBe(s);
  });
});

describe("cleanInput", () => {
  it("cleans every string of a body in place, keys included, without turning __proto__ into a prototype", () => {
    const body = JSON.parse(
      '{"title":"a\\u0000b","tags":["x\\ud800",{"k\\u0001":"v\\u0002"}],"__proto__":{"role":"admin\\u0000"},"n":1,"z":null}',
    ) as Record<string, unknown>;
    expect(cleanInput(body)).toBe(body);
    expect(body.title).toBe("ab");
    expect(body.tags).toEqual(["x\uFFFD", { k: "v" }]);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(body, "__proto__")?.value).toEqual({ role: "admin" });
    expect(body.n).toBe(1);
    expect(body.z).toBeNull();
  });

  it("walks a body nested 100,000 deep without running out of stack", () => {
    const depth = 100_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`) as unknown;
    cleanInput(deep);
    let v = deep;
    for (let i = 0; i < depth; i++) v = (v as unknown[])[0];
    expect(v).toBe("");
  });

  it("cleans a bare string", () => {
    expect(cleanInput("x\u0000")).toBe("x");
  });
});
