import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentChange } from "../../contract/cache-tags";
import { engines, startTestServer, type TestServer } from "../helpers/server";

/** An article as the console's editor sends it. */
const form = (title: string, baseVersion?: number) => ({
  columnId: 5,
  title,
  intro: "并发保存",
  content: `<p>${title}的正文</p>`,
  thumb: "",
  author: "小编",
  hot: false,
  status: "draft" as const,
  createdAt: "2026-11-01T08:00:00.000Z",
  tags: ["并发"],
  seoTitle: "",
  seoDescription: "",
  shareImage: "",
  baseVersion,
});

describe.each(engines())("an article save's answer on %s", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(() => s?.close());

  it("is the save as stored, even when another save lands before the answer is read", async () => {
    const content = s.services.content;
    const created = await content.save(form("初稿"), undefined, "甲");
    const events = s.services.events;
    const announce = events.changed.bind(events);
    let interleave = true;
    // Right after the first save commits (its content change is announced after the commit), a
    // second editor saves: the first editor's answer must still be the first save.
    events.changed = async (change: ContentChange) => {
      await announce(change);
      if (!interleave) return;
      interleave = false;
      await content.save(form("乙的修改"), created.id, "乙");
    };
    try {
      const mine = await content.save(form("甲的修改", created.version), created.id, "甲");
      expect(mine.title).toBe("甲的修改");
      expect(mine.content).toBe("<p>甲的修改的正文</p>");
      expect(mine.version).toBe(created.version + 1);
      // …so a further save from it is refused instead of silently overwriting 乙's.
      const stored = await content.article(created.id);
      expect(stored.title).toBe("乙的修改");
      expect(stored.version).toBe(created.version + 2);
      await expect(content.save(form("甲再改", mine.version), created.id, "甲")).rejects.toMatchObject({
        status: 409,
      });
    } finally {
      events.changed = announce;
    }
  });
});
