import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Activity,
  Banner,
  CooperationContact,
  ProductDetail,
  Question,
  TravelItem,
  TravelTab,
} from "../../contract/entities";
import { engines, startTestServer, type TestServer } from "../helpers/server";

describe.each(engines())("site API on %s", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("lists the top carousel (4) and ad banners (6) with local pictures", async () => {
    const top = await s.get<{ result: Banner[] }>("/api/product/banner/list?columnId=11&page=1&pageSize=4");
    expect(top.body.data.result).toHaveLength(4);
    expect(top.body.data.result.every((b) => b.columnId === 11 && b.image.startsWith("/uploads/"))).toBe(
      true,
    );
    const ads = await s.get<{ result: Banner[] }>("/api/product/banner/list?columnId=20&page=1&pageSize=6");
    expect(ads.body.data.result).toHaveLength(6);
    const img = await fetch(s.url + ads.body.data.result[0]!.thumb);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toContain("image/svg+xml");
  });

  it("returns the class-redirect banners 98 and 13 by bannerId", async () => {
    for (const id of [98, 13]) {
      const r = await s.get<Banner>(`/api/product/banner/list?bannerId=${id}`);
      expect(r.status).toBe(200);
      expect(r.body.data.bannerId).toBe(id);
      expect(r.body.data.bannerLink).toMatch(/^https?:\/\//);
    }
    expect((await s.get("/api/product/banner/list?bannerId=4242")).status).toBe(404);
  });

  it("counts banner clicks through /api/banner/detail", async () => {
    const read = async () =>
      (
        await s.services.database.db
          .selectFrom("banners")
          .select("click_count")
          .where("id", "=", 1)
          .executeTakeFirstOrThrow()
      ).click_count;
    const before = await read();
    const r = await s.get<Banner>("/api/banner/detail?bannerId=1");
    expect(r.status).toBe(200);
    expect(r.body.data.bannerId).toBe(1);
    await Promise.all([s.get("/api/banner/detail?bannerId=1"), s.get("/api/banner/detail?bannerId=1")]);
    expect(await read()).toBe(before + 3);
    expect((await s.get("/api/banner/detail?bannerId=777")).status).toBe(404);
  });

  it("lists activities per tab with count = pages, including the tab-17 ids", async () => {
    for (const columnId of [17, 18, 19]) {
      const count = (
        await s.get<{ result: number }>(`/api/product/activity/count?columnId=${columnId}&page=1&pageSize=5`)
      ).body.data.result;
      const all: Activity[] = [];
      for (let page = 1; page <= Math.ceil(count / 5); page++) {
        const r = await s.get<{ result: Activity[] }>(
          `/api/product/activity/list?page=${page}&pageSize=5&columnId=${columnId}`,
        );
        all.push(...r.body.data.result);
      }
      expect(all).toHaveLength(count);
      expect(all.every((a) => a.columnId === columnId)).toBe(true);
      expect(all.some((a) => a.activityStatus === "进行中")).toBe(true);
      expect(all[0]).toMatchObject({ activityName: expect.any(String), guests: expect.any(String) });
      if (columnId === 17)
        for (const id of [120, 119, 117, 116, 8]) expect(all.map((a) => a.activityId)).toContain(id);
    }
  });

  it("lists travel items for every tab of both lists", async () => {
    const r = await s.get<{ result: TravelItem[]; tabs: TravelTab[] }>("/api/product/fliggy/list");
    expect(r.body.data.tabs.filter((t) => t.listKey === "list1")).toHaveLength(5);
    expect(r.body.data.tabs.filter((t) => t.listKey === "list2")).toHaveLength(8);
    for (const t of r.body.data.tabs) {
      expect(
        r.body.data.result.some((i) => i.tabId === t.tabId),
        t.tabName,
      ).toBe(true);
    }
    const item = r.body.data.result[0]!;
    expect(item.price).toBeGreaterThan(0);
    expect(item.password).toMatch(/^[A-Z0-9]{6,8}$/);
  });

  it("serves products 210, 278, 415–417 with prices in yuan and questions of all five types", async () => {
    for (const id of [210, 278, 415, 416, 417]) {
      const p = await s.get<ProductDetail>(`/api/product/detail?productId=${id}`);
      expect(p.status).toBe(200);
      expect(p.body.data.productName.length).toBeGreaterThan(0);
      expect(p.body.data.price).toBeGreaterThan(0);
      expect(p.body.data.requiresAgreement).toBe(![415, 416, 417].includes(id));
    }
    const row = await s.services.database.db
      .selectFrom("products")
      .select("price_fen")
      .where("id", "=", 210)
      .executeTakeFirstOrThrow();
    expect((await s.get<ProductDetail>("/api/product/detail?productId=210")).body.data.price).toBe(
      row.price_fen / 100,
    );

    const types = new Set<string>();
    for (const id of [210, 278]) {
      const q = await s.get<{ questionList: Question[] }>(
        `/api/product/question/list?menberProfession=NONE&productId=${id}`,
      );
      expect(q.status).toBe(200);
      for (const question of q.body.data.questionList) {
        types.add(question.questionType);
        expect(["TRUE", "FALSE"]).toContain(question.required);
        for (const o of question.additionList) expect(o.questionId).toBe(question.questionId);
      }
      // Questions 1 and 23 are answered by the form itself and are not listed.
      expect(q.body.data.questionList.map((x) => x.questionId)).not.toContain(1);
    }
    expect([...types].sort()).toEqual(["CHECKBOX", "CHECKBOX_INPUT", "INPUT", "RADIO", "TEXTAREA"]);
    expect((await s.get("/api/product/detail?productId=999")).status).toBe(404);
    expect((await s.get("/api/product/question/list?menberProfession=NONE&productId=999")).status).toBe(404);
  });

  it("lists the four cooperation contact blocks", async () => {
    const r = await s.get<{ result: CooperationContact[] }>("/api/product/cooperation/list");
    expect(r.body.data.result.map((c) => c.title)).toEqual([
      "媒体合作",
      "营销合作",
      "培训咨询",
      "投诉与反馈",
    ]);
  });
});
