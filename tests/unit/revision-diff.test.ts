import { describe, expect, it } from "vitest";
import { bodyLines, diffLines, fieldChanges } from "../../app/routes/admin/revision-diff";

describe("revision differences", () => {
  it("reads a body's text paragraph by paragraph", () => {
    expect(bodyLines('<p>第一段 &amp; 更多</p><h2>小标题</h2><p>一行<br>两行</p><img src="/a.jpg">')).toEqual(
      ["第一段 & 更多", "小标题", "一行", "两行", "[图片 /a.jpg]"],
    );
  });

  it("diffs lines by their longest common subsequence", () => {
    expect(diffLines(["甲", "乙", "丙"], ["甲", "丁", "丙", "戊"])).toEqual([
      { kind: "same", text: "甲" },
      { kind: "removed", text: "乙" },
      { kind: "added", text: "丁" },
      { kind: "same", text: "丙" },
      { kind: "added", text: "戊" },
    ]);
    expect(diffLines([], [])).toEqual([]);
  });

  it("lists only the fields that changed", () => {
    expect(
      fieldChanges({ title: "旧", tags: "甲" }, { title: "新", tags: "甲" }, { title: "标题", tags: "标签" }),
    ).toEqual([{ label: "标题", before: "旧", after: "新" }]);
  });
});
