import { describe, expect, it } from "vitest";
import { landingComparable, sectionLines } from "../../app/routes/admin/landing/page-diff";
import { diffLines } from "../../app/routes/admin/revision-diff";
import type { LandingPage } from "../../contract/landing";

const page: LandingPage = {
  path: "/activity/summit",
  name: "增长大会",
  title: "增长大会 - 电商报",
  description: "会议简介",
  sections: [
    {
      type: "people",
      title: "演讲嘉宾",
      people: [
        { name: "李明", title: "院长", photo: { src: "/uploads/a.jpg", alt: "李明照片", w: 240, h: 240 } },
      ],
    },
    { type: "ctaBand", title: "报名", ctas: [{ label: "立即报名", href: "#tickets", sameWindow: true }] },
  ],
};

describe("landing page revisions compared", () => {
  it("reads sections as lines labelled by the schemas' Chinese titles", () => {
    const lines = sectionLines(page.sections);
    expect(lines).toContain("区块 1 嘉宾");
    expect(lines).toContain("区块 1 嘉宾 › 嘉宾 1 › 姓名：李明");
    expect(lines).toContain("区块 1 嘉宾 › 嘉宾 1 › 照片 › 图片地址：/uploads/a.jpg");
    expect(lines).toContain("区块 2 行动条 › 按钮 1 › 在本窗口打开：是");
  });

  it("shows a changed guest as one line removed and one added", () => {
    const next = structuredClone(page);
    if (next.sections[0]?.type === "people") next.sections[0].people[0]!.name = "李明远";
    const changed = diffLines(sectionLines(page.sections), sectionLines(next.sections)).filter(
      (l) => l.kind !== "same",
    );
    expect(changed).toEqual([
      { kind: "removed", text: "区块 1 嘉宾 › 嘉宾 1 › 姓名：李明" },
      { kind: "added", text: "区块 1 嘉宾 › 嘉宾 1 › 姓名：李明远" },
    ]);
  });

  it("compares the page's own fields, empty share fields as empty and the frame by its label", () => {
    expect(landingComparable({ ...page, status: "published" }).fields).toEqual({
      name: "增长大会",
      path: "/activity/summit",
      title: "增长大会 - 电商报",
      description: "会议简介",
      shareTitle: "",
      shareDescription: "",
      shareImage: "",
      layout: "营销页框架",
      status: "已发布",
    });
  });
});
